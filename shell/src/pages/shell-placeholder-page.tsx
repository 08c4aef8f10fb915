import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { RoutePlaceholder } from '@arttoy/shared/ui';

/** Placeholder for a shell page whose feature has not landed yet (pag-demo, skeleton-demo). */
export function ShellPlaceholderPage({ title, routeId }: { title: string; routeId: string }): ReactNode {
  return <RoutePlaceholder title={title} routeId={routeId} owner="shell" params={useParams()} />;
}
