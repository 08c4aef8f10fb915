import type { ComponentType } from 'react';
import { matchRoutes, Route, Routes } from 'react-router';
import { REMOTE_BASENAMES, relativeRoutePath, routesOf, type RouteIdOf } from '@arttoy/shared/contracts';
import { lazyComponent, Skeleton, type LazyComponent } from '@arttoy/shared/ui';
import { PAGE_TITLES } from './titles';

type RouteId = RouteIdOf<'mf_gallery'>;

function page(id: RouteId, load: () => Promise<ComponentType>): LazyComponent<object> {
  return lazyComponent(load, {
    fallback: <Skeleton lines={4} label={`Loading ${PAGE_TITLES[id].toLowerCase()}`} />,
  });
}

/** Each page is its own chunk: the landing does not load the figure page's code. */
const PAGES: Record<RouteId, LazyComponent<object>> = {
  gallery: page('gallery', () =>
    import(/* webpackChunkName: "route-gallery" */ './pages/gallery-page').then(
      (module) => module.GalleryPage,
    ),
  ),
  'gallery-path': page('gallery-path', () =>
    import(/* webpackChunkName: "route-gallery-path" */ './pages/gallery-path-page').then(
      (module) => module.GalleryPathPage,
    ),
  ),
  'gallery-style-style': page('gallery-style-style', () =>
    import(/* webpackChunkName: "route-gallery-style-style" */ './pages/style-page').then(
      (module) => module.StylePage,
    ),
  ),
  'gallery-series-style': page('gallery-series-style', () =>
    import(/* webpackChunkName: "route-gallery-series-style" */ './pages/series-page').then(
      (module) => module.SeriesPage,
    ),
  ),
  'gallery-style-detail-detail': page('gallery-style-detail-detail', () =>
    import(/* webpackChunkName: "route-gallery-style-detail-detail" */ './pages/figure-page').then(
      (module) => module.FigurePage,
    ),
  ),
};

/** Loads the code of the page at a site path (`./app`'s `prefetch`); false when none of ours matches. */
export async function prefetchPage(path: string): Promise<boolean> {
  const id = matchRoutes(routesOf('mf_gallery'), path)?.at(-1)?.route.id;
  if (!id) return false;
  await PAGES[id].preload();
  return true;
}

/** The remote's own route table: its rows of the site's table (shared/contracts/routes.ts), relative to /gallery. */
export function AppRoutes() {
  return (
    <Routes>
      {routesOf('mf_gallery').map((route) => {
        const path = relativeRoutePath(route.path, REMOTE_BASENAMES.mf_gallery);
        const Page = PAGES[route.id];
        const element = <Page />;
        return path === '' ? (
          <Route key={route.id} index element={element} />
        ) : (
          <Route key={route.id} path={path} element={element} />
        );
      })}
    </Routes>
  );
}
