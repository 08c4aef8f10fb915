import { matchRoutes, Navigate, Route, Routes, useLocation } from 'react-router';
import { prefetchContentDocument } from '@arttoy/shared/content';
import { routesOf, type PrefetchOptions } from '@arttoy/shared/contracts';
import { BlogListPage } from './pages/blog-list-page';
import { BlogPostPage } from './pages/blog-post-page';

/** `/blog` has no page of its own: it is the list (a replace, so Back skips it). The query (preview) is kept. */
function ToList() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/list', search }} replace />;
}

/**
 * Reads a post's document ahead of a navigation to it (see LifeCycles.prefetch), unless the shell
 * reads it (`data: false`); the list reads nothing ahead. The pages' code comes with the app.
 */
export function prefetchPage(path: string, { data = true }: PrefetchOptions = {}): Promise<boolean> {
  const match = matchRoutes(routesOf('mf_blog'), path)?.at(-1);
  if (match?.route.id !== 'blog-id') return Promise.resolve(false);
  return data ? prefetchContentDocument(`/blog/${match.params.id}`) : Promise.resolve(true);
}

/** The blog's routes, relative to its basename `/blog` (the rows of mf_blog in shared/contracts/routes.ts). */
export function AppRoutes() {
  return (
    <Routes>
      <Route index element={<ToList />} />
      <Route path="list" element={<BlogListPage />} />
      <Route path=":id" element={<BlogPostPage />} />
    </Routes>
  );
}
