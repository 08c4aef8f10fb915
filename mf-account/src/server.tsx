// This remote's server module (./server of its server container): its pages rendered for the site server.
import { remoteServer } from '@arttoy/shared/federation/remote/server';
import { account } from './routes';

// The sign-in page reads nothing and renders as the browser's first render does (sign-in state
// still loading); the locker, the orders, their receipts and the profile are one visitor's.
export const { firstReads, renderToHtml, browserOnlyHead } = remoteServer(account, {
  browserOnly: ['locker', 'orders', 'orders-order_sn', 'profile'],
});
