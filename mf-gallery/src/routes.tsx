import type { ComponentType } from 'react';
import type { RouteIdOf } from '@arttoy/shared/contracts';
import { createRemote, lazyPage } from '@arttoy/shared/federation/remote';
import { ShopBoxes } from './components/shop-boxes';
import { PAGE_TITLES } from './titles';

const page = (id: RouteIdOf<'mf_gallery'>, load: () => Promise<ComponentType>) =>
  lazyPage(load, `Loading ${PAGE_TITLES[id].toLowerCase()}`);

/** The gallery's pages, by route (its rows of shared/contracts/routes.ts), under the way to the boxes. */
export const gallery = createRemote({
  name: 'mf_gallery',
  header: <ShopBoxes />,
  // Each page is its own chunk: the landing does not load the figure page's code.
  pages: {
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
  },
});
