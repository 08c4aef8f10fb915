// This remote's server module (./server of its server container): its pages rendered for the site server.
import { contentDocumentUrl, previewRequested } from '@arttoy/shared/content';
import { remoteServer } from '@arttoy/shared/federation/remote/server';
import { rules } from './routes';

export const { firstReads, renderToHtml, browserOnlyHead } = remoteServer(rules, {
  // Each page's own document, never in preview (drafts are the visitor's).
  firstReads: (page, location) => (previewRequested(location.search) ? [] : [contentDocumentUrl(page.path)]),
});
