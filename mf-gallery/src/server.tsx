// This remote's server module (./server of its server container): its pages rendered for the site server.
import { API_BASE } from '@arttoy/shared/http';
import { remoteServer } from '@arttoy/shared/federation/remote/server';
import { figureDetail, galleryPath, seriesDetail } from './api/catalogue';
import { figureMarket, seriesAsks } from './api/market';
import { gallery } from './routes';

export const { firstReads, renderToHtml, browserOnlyHead } = remoteServer(gallery, {
  // The reads known from the URL alone; the render asks for the rest (a figure's series, its boxes).
  firstReads: (page) => {
    switch (page.id) {
      // The series and its figures' lowest collector asks.
      case 'gallery-series-style':
        return [
          `${API_BASE}${seriesDetail(page.params.style).key}`,
          `${API_BASE}${seriesAsks(page.params.style).key}`,
        ];
      // The figure and its market (collector asks and recent sales: in the served page for crawlers and link previews).
      case 'gallery-style-detail-detail':
        return [
          `${API_BASE}${figureDetail(page.params.detail).key}`,
          `${API_BASE}${figureMarket(page.params.detail).key}`,
        ];
      case 'gallery-path':
        return [`${API_BASE}${galleryPath(page.params.path).key}`];
      default:
        return [];
    }
  },
});
