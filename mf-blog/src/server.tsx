// This remote's server module (./server of its server container): its pages rendered for the site server.
import { contentDocumentUrl, previewRequested } from '@arttoy/shared/content';
import { remoteServer } from '@arttoy/shared/federation/remote/server';
import { blog } from './routes';

export const { firstReads, renderToHtml, browserOnlyHead } = remoteServer(blog, {
  // A post's document is known from the URL; the list's read is asked for by its first render.
  firstReads: (page, location) =>
    page.id === 'blog-id' && !previewRequested(location.search)
      ? [contentDocumentUrl(`/blog/${page.params.id}`)]
      : [],
  // `/blog` only sends the browser on to the list.
  browserOnly: ['blog'],
});
