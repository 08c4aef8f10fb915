import { Navigate, Route, Routes, useLocation } from 'react-router';
import { BlogListPage } from './pages/blog-list-page';
import { BlogPostPage } from './pages/blog-post-page';

/** `/blog` has no page of its own: it is the list (a replace, so Back skips it). The query (preview) is kept. */
function ToList() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/list', search }} replace />;
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
