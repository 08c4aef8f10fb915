import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { REMOTE_BASENAMES, relativeRoutePath, routesOf, type RouteIdOf } from '@arttoy/shared/contracts';
import { Skeleton } from '@arttoy/shared/ui';
import { PAGE_TITLES } from './titles';

/** Each page is its own chunk: the landing does not load the figure page's code. */
const PAGES: Record<RouteIdOf<'mf_gallery'>, ComponentType> = {
  gallery: lazy(() => import(/* webpackChunkName: "route-gallery" */ './pages/gallery-page').then((module) => ({ default: module.GalleryPage }))),
  'gallery-path': lazy(() => import(/* webpackChunkName: "route-gallery-path" */ './pages/gallery-path-page').then((module) => ({ default: module.GalleryPathPage }))),
  'gallery-style-style': lazy(() => import(/* webpackChunkName: "route-gallery-style-style" */ './pages/style-page').then((module) => ({ default: module.StylePage }))),
  'gallery-series-style': lazy(() => import(/* webpackChunkName: "route-gallery-series-style" */ './pages/series-page').then((module) => ({ default: module.SeriesPage }))),
  'gallery-style-detail-detail': lazy(() => import(/* webpackChunkName: "route-gallery-style-detail-detail" */ './pages/figure-page').then((module) => ({ default: module.FigurePage }))),
};

/** The remote's own route table: its rows of the site's table (shared/contracts/routes.ts), relative to /gallery. */
export function AppRoutes() {
  return (
    <Routes>
      {routesOf('mf_gallery').map((route) => {
        const path = relativeRoutePath(route.path, REMOTE_BASENAMES.mf_gallery);
        const Page = PAGES[route.id];
        const element = (
          <Suspense fallback={<Skeleton lines={4} label={`Loading ${PAGE_TITLES[route.id].toLowerCase()}`} />}>
            <Page />
          </Suspense>
        );
        return path === '' ? <Route key={route.id} index element={element} /> : <Route key={route.id} path={path} element={element} />;
      })}
    </Routes>
  );
}
