import type { ComponentType, ReactNode } from 'react';
import { ChevronIcon } from './icons';

export interface PaginationProps {
  page: number;
  pageCount: number;
  /** The URL of a page: pages are links, so each is shareable and works without JavaScript state. */
  hrefFor: (page: number) => string;
  /** The app's own router link (each app bundles its own react-router). */
  Link: ComponentType<{
    to: string;
    className?: string;
    'aria-label'?: string;
    'aria-current'?: 'page';
    children?: ReactNode;
  }>;
  label?: string;
}

/** The page numbers to show: first, last, and the neighbours of the current page, with gaps as null. */
export function pageWindow(page: number, pageCount: number, neighbours = 1): Array<number | null> {
  const pages = new Set([1, pageCount]);
  for (let candidate = page - neighbours; candidate <= page + neighbours; candidate += 1) {
    if (candidate >= 1 && candidate <= pageCount) pages.add(candidate);
  }
  const sorted = [...pages].filter((candidate) => candidate >= 1).toSorted((a, b) => a - b);
  const result: Array<number | null> = [];
  for (const [index, current] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && current - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && current - previous > 2) result.push(null);
    result.push(current);
  }
  return result;
}

/** Page links with previous / next; used by the gallery and the blog. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  Link,
  label = 'Pagination',
}: PaginationProps): ReactNode {
  if (pageCount <= 1) return null;
  const current = Math.min(Math.max(1, page), pageCount);
  return (
    <nav className="ui-pagination" aria-label={label}>
      {current > 1 ? (
        <Link to={hrefFor(current - 1)} className="ui-pagination__step" aria-label="Previous page">
          <ChevronIcon direction="left" />
        </Link>
      ) : (
        <span className="ui-pagination__step" aria-hidden="true" data-disabled="true">
          <ChevronIcon direction="left" />
        </span>
      )}
      <ol>
        {pageWindow(current, pageCount).map((entry, index) =>
          entry === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="ui-pagination__gap">
              …
            </li>
          ) : (
            <li key={entry}>
              <Link
                to={hrefFor(entry)}
                aria-label={`Page ${entry}`}
                aria-current={entry === current ? 'page' : undefined}
              >
                {entry}
              </Link>
            </li>
          ),
        )}
      </ol>
      {current < pageCount ? (
        <Link to={hrefFor(current + 1)} className="ui-pagination__step" aria-label="Next page">
          <ChevronIcon direction="right" />
        </Link>
      ) : (
        <span className="ui-pagination__step" aria-hidden="true" data-disabled="true">
          <ChevronIcon direction="right" />
        </span>
      )}
    </nav>
  );
}
