import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ContentSummary } from '@arttoy/shared/contracts/api';
import { postHref } from '../paths';
import { PostCard } from './post-card';

/** Previous (older) and next (newer) post, then up to three related posts. */
export function PostNeighbours({
  previous,
  next,
  related,
  preview,
}: {
  previous: ContentSummary | null;
  next: ContentSummary | null;
  related: readonly ContentSummary[];
  preview: boolean;
}): ReactNode {
  return (
    <>
      {previous || next ? (
        <nav className="blog-steps" aria-label="More posts">
          {previous ? (
            <Link
              className="blog-steps__link blog-steps__link--previous"
              to={postHref(previous, preview)}
              rel="prev"
            >
              <span className="blog-steps__label">Previous post</span>
              <span className="blog-steps__title">{previous.title}</span>
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link className="blog-steps__link blog-steps__link--next" to={postHref(next, preview)} rel="next">
              <span className="blog-steps__label">Next post</span>
              <span className="blog-steps__title">{next.title}</span>
            </Link>
          ) : null}
        </nav>
      ) : null}
      {related.length > 0 ? (
        <section className="blog-related" aria-labelledby="blog-related-heading">
          <h2 id="blog-related-heading">Related posts</h2>
          <ul className="content-grid">
            {related.map((post) => (
              <li key={post._path}>
                <PostCard post={post} preview={preview} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
