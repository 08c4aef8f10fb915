import type { ReactNode } from 'react';
import { lazyComponent, Skeleton } from '@arttoy/shared/ui';

/** The content client and its schemas are only needed on content pages: their own chunk, off the first page. */
const ContentPageView = lazyComponent(
  () => import(/* webpackChunkName: "route-slug" */ './content-page-view').then((module) => module.default),
  {
    fallback: <Skeleton lines={6} label="Loading this page" />,
  },
);

/** Loads the content page's code (before a server render or a hydration of one). */
export const preloadContentPage = ContentPageView.preload;

/**
 * The catch-all `/{slug}` at any depth: the content document whose path is the URL (`/about`),
 * else the non-fatal 404 "Page not found: {fullPath}".
 */
export function ContentPage(): ReactNode {
  return <ContentPageView />;
}
