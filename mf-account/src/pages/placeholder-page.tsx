import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { RoutePlaceholder } from '@arttoy/shared/ui';

/** Placeholder for a route whose page has not landed yet; shows the route's parameters. */
export function PlaceholderPage({ title, routeId, children }: { title: string; routeId: string; children?: ReactNode }) {
  const params = useParams();
  return (
    <RoutePlaceholder title={title} routeId={routeId} owner="mf_account" params={params}>
      {children}
    </RoutePlaceholder>
  );
}
