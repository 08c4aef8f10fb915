import type { ReactNode } from 'react';
import { Toast } from '@arttoy/shared/ui';
import { useOnline } from './online-status';

/**
 * Says, without blocking anything, that the connection is gone: pages already opened keep working,
 * and a page that could not load retries by itself once the connection is back.
 */
export function OfflineNotice(): ReactNode {
  const online = useOnline();
  if (online) return null;
  return (
    <Toast>You are offline. Pages you have opened still work; others load once you are back online.</Toast>
  );
}
