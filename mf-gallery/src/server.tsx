// This remote's server module (./server of its server container): its pages rendered for the site server.
import { matchRoutes } from 'react-router';
import { routesOf } from '@arttoy/shared/contracts';
import { API_BASE } from '@arttoy/shared/http';
import { defineRemoteServer } from '@arttoy/shared/server';
import { figureDetail, galleryPath, seriesDetail } from './api/catalogue';
import { GalleryApp } from './app';
import { prefetchPage } from './routes';

export const { firstReads, renderToHtml } = defineRemoteServer({
  App: GalleryApp,
  // The reads known from the URL alone; the render asks for the rest (a figure's series, its boxes).
  firstReads: (location) => {
    const match = matchRoutes(routesOf('mf_gallery'), location.pathname)?.at(-1);
    const { style = '', detail = '', path = '' } = match?.params ?? {};
    switch (match?.route.id) {
      case 'gallery-series-style':
        return [`${API_BASE}${seriesDetail(style).key}`];
      case 'gallery-style-detail-detail':
        return [`${API_BASE}${figureDetail(detail).key}`];
      case 'gallery-path':
        return [`${API_BASE}${galleryPath(path).key}`];
      default:
        return [];
    }
  },
  preparePage: prefetchPage,
});
