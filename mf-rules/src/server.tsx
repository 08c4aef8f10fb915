// This remote's server module (./server of its server container): its pages rendered for the site server.
import { contentDocumentUrl, previewRequested } from '@arttoy/shared/content';
import { defineRemoteServer } from '@arttoy/shared/server';
import { RulesApp } from './app';
import { documentPathOf } from './routes';

export const { firstReads, renderToHtml } = defineRemoteServer({
  App: RulesApp,
  firstReads: (location) => {
    const path = documentPathOf(location.pathname);
    return path && !previewRequested(location.search) ? [contentDocumentUrl(path)] : [];
  },
  // The page's code is in the remote's first chunk; its document comes with the payload.
  preparePage: async () => undefined,
});
