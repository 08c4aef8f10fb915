import { lazy, Suspense, type ReactNode } from 'react';
import { Skeleton } from '@arttoy/shared/ui';

/** The content client and its schemas are only needed on content pages: their own chunk, off the first page. */
const ContentPageView = lazy(() => import('./content-page-view'));

/**
 * The catch-all `/{slug}` at any depth: the content document whose path is the URL (`/about`),
 * else the non-fatal 404 "Page not found: {fullPath}".
 */
export function ContentPage(): ReactNode {
  return (
    <Suspense fallback={<Skeleton lines={6} label="Loading this page" />}>
      <ContentPageView />
    </Suspense>
  );
}
