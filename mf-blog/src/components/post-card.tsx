import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ContentSummary } from '@arttoy/shared/contracts/api';
import { formatReadingTime } from '@arttoy/shared/content';
import { formatDate } from '@arttoy/shared/contracts';
import { postHref, tagLabel } from '../paths';

/** Cover images are drawn at 16:9; the size is set so the grid never shifts while they load. */
export const COVER_WIDTH = 640;
export const COVER_HEIGHT = 360;

/** One post in a list: cover, tags, title (the link), description, date and reading time. */
export function PostCard({
  post,
  preview,
  headingLevel = 2,
}: {
  post: ContentSummary;
  preview: boolean;
  headingLevel?: 2 | 3;
}): ReactNode {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="content-card blog-card" data-draft={post.draft || undefined}>
      {/* The cover illustrates the post its title names right below: decorative, so screen readers skip it. */}
      {post.cover ? (
        <img
          className="blog-card__cover"
          src={post.cover}
          alt=""
          width={COVER_WIDTH}
          height={COVER_HEIGHT}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <div className="blog-card__cover blog-card__cover--blank" aria-hidden="true" />
      )}
      <div className="blog-card__body">
        {post.tags.length > 0 ? (
          <p className="blog-card__tags">{post.tags.map(tagLabel).join(' · ')}</p>
        ) : null}
        <Heading className="blog-card__title">
          <Link className="content-card__link" to={postHref(post, preview)}>
            {post.title}
          </Link>
          {post.draft ? <span className="blog-card__draft"> (draft)</span> : null}
        </Heading>
        {post.description ? <p className="blog-card__description">{post.description}</p> : null}
        <p className="content-meta">
          <time dateTime={post.date}>{formatDate(post.date)}</time>
          <span>{formatReadingTime(post.readingMinutes)}</span>
        </p>
      </div>
    </article>
  );
}
