import type { ReactNode } from 'react';
import { HttpError, visitorMessage } from '@arttoy/shared/http';
import { Button } from '@arttoy/shared/ui';

/** A failed read: what failed, why in plain words, and a retry. */
export function ReadError({
  title,
  error,
  onRetry,
  children,
}: {
  title: string;
  error: Error;
  onRetry: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="locker-panel" role="alert">
      <p>
        <strong>{title}</strong>{' '}
        {error instanceof HttpError && error.status === 0
          ? 'We could not reach the shop. Check your connection, then try again.'
          : visitorMessage(error)}
      </p>
      <div className="locker-actions">
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
        {children}
      </div>
    </div>
  );
}
