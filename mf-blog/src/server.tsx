// This remote's server module (./server of its server container): its pages rendered for the site server.
import { matchRoutes } from 'react-router';
import { contentDocumentUrl, previewRequested } from '@arttoy/shared/content';
import { routesOf } from '@arttoy/shared/contracts';
import { defineRemoteServer } from '@arttoy/shared/server';
import { BlogApp } from './app';

const routeOf = (pathname: string) => matchRoutes(routesOf('mf_blog'), pathname)?.at(-1);

export const { firstReads, renderToHtml } = defineRemoteServer({
  App: BlogApp,
  // A post's document is known from the URL; the list's read is asked for by its first render.
  firstReads: (location) => {
    const match = routeOf(location.pathname);
    return match?.route.id === 'blog-id' && !previewRequested(location.search)
      ? [contentDocumentUrl(`/blog/${match.params.id}`)]
      : [];
  },
  // The pages are in the remote's first chunk.
  preparePage: async () => undefined,
  // `/blog` only sends the browser on to the list.
  browserOnly: (location) => routeOf(location.pathname)?.route.id === 'blog',
});
