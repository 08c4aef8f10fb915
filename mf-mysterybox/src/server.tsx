// This remote's server module (./server of its server container): its pages rendered for the site server.
import { matchRoutes } from 'react-router';
import { routesOf } from '@arttoy/shared/contracts';
import { API_BASE } from '@arttoy/shared/http';
import { defineRemoteServer } from '@arttoy/shared/server';
import { boxRead } from './api/catalogue';
import { MysteryBoxApp } from './app';
import { prefetchPage } from './routes';

const routeOf = (pathname: string) => matchRoutes(routesOf('mf_mysterybox'), pathname)?.at(-1);

export const { firstReads, renderToHtml, browserOnlyHead } = defineRemoteServer({
  App: MysteryBoxApp,
  // A box's page reads the box; the lists are asked for by the first render.
  firstReads: (location) => {
    const match = routeOf(location.pathname);
    return match?.route.id === 'mysterybox-model_id'
      ? [`${API_BASE}${boxRead(Number(match.params.model_id)).key}`]
      : [];
  },
  preparePage: prefetchPage,
  // The payment page is one buyer's order.
  browserOnly: (location) => routeOf(location.pathname)?.route.id === 'payment-order_pay',
});
