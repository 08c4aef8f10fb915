import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { listHref, tagLabel } from '../paths';

/** Links that filter the list by tag (the tag lives in the URL, so a filtered list can be shared). */
export function TagFilter({
  tags,
  current,
  preview,
}: {
  tags: ReadonlyArray<{ tag: string; count: number }>;
  current: string | undefined;
  preview: boolean;
}): ReactNode {
  if (tags.length === 0) return null;
  return (
    <nav className="blog-tags" aria-label="Filter by tag">
      <ul>
        <li>
          <Link to={listHref({ preview })} aria-current={current ? undefined : 'page'}>
            All posts
          </Link>
        </li>
        {tags.map(({ tag, count }) => (
          <li key={tag}>
            <Link to={listHref({ tag, preview })} aria-current={current === tag ? 'page' : undefined}>
              {tagLabel(tag)} <span className="blog-tags__count">({count})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
