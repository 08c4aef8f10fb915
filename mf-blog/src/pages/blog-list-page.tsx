import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { contentListRead, LoadError, PreviewBanner, previewRequested } from '@arttoy/shared/content';
import { usePageQuery } from '@arttoy/shared/query';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { Pagination, Skeleton } from '@arttoy/shared/ui';
import { PostCard } from '../components/post-card';
import { TagFilter } from '../components/tag-filter';
import { listHref, pageParam, POSTS_PER_PAGE, tagLabel, tagParam } from '../paths';
import '../blog.css';

/** A URL the list cannot show (a page or tag that cannot exist), said in plain words. */
function BadQuery({ preview }: { preview: boolean }): ReactNode {
  return (
    <div className="content-state">
      <p>That page of the blog does not exist.</p>
      <Link className="ui-button ui-button--secondary" to={listHref({ preview })}>
        See the latest posts
      </Link>
    </div>
  );
}

/** /blog/list: posts newest first, a page at a time, filterable by tag; page and tag live in the URL. */
export function BlogListPage(): ReactNode {
  const [search] = useSearchParams();
  const { search: rawSearch } = useLocation();
  const preview = previewRequested(rawSearch);
  const page = pageParam(search);
  const tag = tagParam(search);
  const valid = page !== null && tag !== null;
  usePageHead({ title: tag ? `Blog: ${tagLabel(tag)}` : 'Blog' });

  // The server's answer for this list (the page's payload) shows at once and is not asked for again.
  const list = usePageQuery(
    valid
      ? contentListRead({ dir: 'blog', tag: tag ?? undefined, page, pageSize: POSTS_PER_PAGE }, preview)
      : null,
  );

  return (
    <section
      className="blog-list"
      data-route="blog-list"
      data-owner="mf_blog"
      aria-labelledby="blog-list-heading"
      aria-busy={valid && list.status === 'pending'}
    >
      <header className="blog-list__header">
        <h1 id="blog-list-heading" className="content-title">
          {tag ? `Posts about ${tagLabel(tag)}` : 'The ArtToy Club blog'}
        </h1>
        <p className="blog-list__intro">
          Series spotlights, collecting know-how, and how the club works behind the scenes.
        </p>
      </header>
      {!valid ? <BadQuery preview={preview} /> : null}
      {valid && list.status === 'pending' ? (
        <Skeleton variant="cards" lines={POSTS_PER_PAGE} label="Loading posts" />
      ) : null}
      {valid && list.status === 'error' ? <LoadError what="The posts" onRetry={list.retry} /> : null}
      {valid && list.status === 'success' ? (
        <>
          <TagFilter tags={list.data.tags} current={tag ?? undefined} preview={preview} />
          {list.data.items.some((post) => post.draft) ? <PreviewBanner /> : null}
          {list.data.items.length === 0 ? (
            <div className="content-state">
              <p>
                {tag
                  ? `No posts about ${tagLabel(tag)} yet.`
                  : list.data.total > 0
                    ? 'There are fewer pages of posts than that.'
                    : 'No posts yet. Come back soon.'}
              </p>
              {tag || list.data.total > 0 ? (
                <Link className="ui-button ui-button--secondary" to={listHref({ preview })}>
                  See all posts
                </Link>
              ) : null}
            </div>
          ) : (
            <ul className="content-grid">
              {list.data.items.map((post) => (
                <li key={post._path}>
                  <PostCard post={post} preview={preview} />
                </li>
              ))}
            </ul>
          )}
          <Pagination
            page={list.data.page}
            pageCount={list.data.totalPages}
            hrefFor={(target) => listHref({ page: target, tag, preview })}
            Link={Link}
            label="Pages of posts"
          />
        </>
      ) : null}
    </section>
  );
}
