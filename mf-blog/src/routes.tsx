import { Navigate, useLocation } from 'react-router';
import { prefetchContentDocument } from '@arttoy/shared/content';
import { createRemote } from '@arttoy/shared/federation/remote';
import { BlogListPage } from './pages/blog-list-page';
import { BlogPostPage } from './pages/blog-post-page';

/** `/blog` has no page of its own: it is the list (a replace, so Back skips it). The query (preview) is kept. */
function ToList() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/list', search }} replace />;
}

/** The blog's pages, by route (the rows of mf_blog in shared/contracts/routes.ts; basename `/blog`). */
export const blog = createRemote({
  name: 'mf_blog',
  pages: { blog: ToList, 'blog-list': BlogListPage, 'blog-id': BlogPostPage },
  // The pages' code comes with the app; a post's document is read ahead, the list reads nothing ahead.
  readAhead: (page) =>
    page.id === 'blog-id' ? () => prefetchContentDocument(`/blog/${page.params.id}`) : null,
});
