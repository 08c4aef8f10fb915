import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import {
  ContentBody,
  formatReadingTime,
  LoadError,
  PreviewBanner,
  previewRequested,
  useContentDocument,
} from '@arttoy/shared/content';
import { useReportNotFound, useSiteNavigate } from '@arttoy/shared/federation/remote';
import { formatDate } from '@arttoy/shared/contracts';
import { Skeleton } from '@arttoy/shared/ui';
import { COVER_HEIGHT, COVER_WIDTH } from '../components/post-card';
import { PostNeighbours } from '../components/post-neighbours';
import { listHref, tagLabel } from '../paths';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { article } from '@arttoy/shared/seo';
import '../blog.css';

/** /blog/{id}: one post, with its date, author, reading time, previous / next and related posts. */
export function BlogPostPage(): ReactNode {
  const { id = '' } = useParams();
  const { search } = useLocation();
  const preview = previewRequested(search);
  const navigate = useSiteNavigate();
  const path = `/blog/${id}`;
  const post = useContentDocument(path, preview);
  useReportNotFound(post.notFound);
  const document = post.status === 'success' ? post.data.document : null;
  usePageHead(
    document
      ? {
          title: document.title,
          description: document.description || undefined,
          image: document.cover ?? undefined,
          type: 'article',
          structuredData: [article({ ...document, path })],
        }
      : null,
  );

  return (
    <div
      className="blog-post"
      data-route="blog-id"
      data-owner="mf_blog"
      aria-busy={post.status === 'pending'}
    >
      <p className="blog-post__back">
        <Link to={listHref({ preview })}>← All posts</Link>
      </p>
      {post.status === 'pending' ? <Skeleton lines={8} label="Loading the post" /> : null}
      {post.status === 'error' && !post.notFound ? <LoadError what="This post" onRetry={post.retry} /> : null}
      {post.status === 'success' ? (
        <>
          <article className="blog-post__article" aria-labelledby="blog-post-title">
            {post.data.document.draft ? <PreviewBanner /> : null}
            <header className="blog-post__header">
              {post.data.document.tags.length > 0 ? (
                <ul className="blog-post__tags" aria-label="Tags">
                  {post.data.document.tags.map((tag) => (
                    <li key={tag}>
                      <Link to={listHref({ tag, preview })}>{tagLabel(tag)}</Link>
                    </li>
                  ))}
                </ul>
              ) : null}
              <h1 id="blog-post-title" className="content-title">
                {post.data.document.title}
              </h1>
              {post.data.document.description ? (
                <p className="blog-post__lede">{post.data.document.description}</p>
              ) : null}
              <p className="content-meta">
                <time dateTime={post.data.document.date}>{formatDate(post.data.document.date)}</time>
                {post.data.document.author ? <span>By {post.data.document.author}</span> : null}
                <span>{formatReadingTime(post.data.document.readingMinutes)}</span>
              </p>
            </header>
            {post.data.document.cover ? (
              // Decorative: the title above names what the cover shows.
              <img
                className="blog-post__cover"
                src={post.data.document.cover}
                alt=""
                width={COVER_WIDTH * 2}
                height={COVER_HEIGHT * 2}
                decoding="async"
              />
            ) : null}
            <ContentBody html={post.data.document.html} onNavigate={navigate} />
          </article>
          <PostNeighbours
            previous={post.data.previous}
            next={post.data.next}
            related={post.data.related}
            preview={preview}
          />
        </>
      ) : null}
    </div>
  );
}
