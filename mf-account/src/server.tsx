// This remote's server module (./server of its server container): its pages rendered for the site server.
import { defineRemoteServer } from '@arttoy/shared/server';
import { AccountApp } from './app';

export const { firstReads, renderToHtml, browserOnlyHead } = defineRemoteServer({
  App: AccountApp,
  // The sign-in page reads nothing; the other pages are one visitor's and read with their token.
  firstReads: () => [],
  preparePage: async () => undefined,
  // The sign-in page renders as the browser's first render does (sign-in state still loading);
  // the locker, the orders, their receipts and the profile are one visitor's, rendered in the browser only.
  browserOnly: (location) => /^\/(?:locker|orders|profile)(?:\/|$)/.test(location.pathname),
});
