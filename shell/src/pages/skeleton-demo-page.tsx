import type { ReactNode } from 'react';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { Skeleton } from '@arttoy/shared/ui';

/** The loading placeholders shown while a remote's code or a page's data loads. */
export function SkeletonDemoPage(): ReactNode {
  usePageHead({ title: 'Loading skeletons' });
  return (
    <article className="demo" data-route="skeleton-demo" data-owner="shell">
      <h1>Loading skeletons</h1>
      <p>Shown while a section of the site or its data is on its way, in the shape of what is coming.</p>
      <h2>Page</h2>
      <Skeleton lines={5} label="Loading a page" />
      <h2>Cards</h2>
      <Skeleton variant="cards" lines={3} label="Loading cards" />
    </article>
  );
}
