// This remote's server module (./server of its server container): its pages rendered for the site server.
import { matchRoutes } from 'react-router';
import { routesOf } from '@arttoy/shared/contracts';
import { defineRemoteServer } from '@arttoy/shared/server';
import { MysteryBoxApp } from './app';
import { prefetchPage } from './routes';

const routeOf = (pathname: string) => matchRoutes(routesOf('mf_mysterybox'), pathname)?.at(-1);

export const { firstReads, renderToHtml, browserOnlyHead } = defineRemoteServer({
  App: MysteryBoxApp,
  // A box's page reads the box; the lists are asked for by the first render.
  firstReads: (location) => {
    const match = routeOf(location.pathname);
    return match?.route.id === 'mysterybox-model_id'
      ? [`/api/box-models/${Number(match.params.model_id)}`]
      : [];
  },
  preparePage: prefetchPage,
  // The payment page is one buyer's order.
  browserOnly: (location) => routeOf(location.pathname)?.route.id === 'payment-order_pay',
});
