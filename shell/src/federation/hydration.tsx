import { useEffect, useState, type ReactNode } from 'react';
import { isRemoteName, type PageError } from '@arttoy/shared/contracts';
import { dropPagePayload, pagePayload } from '@arttoy/shared/federation/page-data';
import { preloadContentPage } from '../pages/content-page';
import { preloadRemoteOutlet } from './lazy-remote-outlet';
import {
  REMOTE_PAGE_ATTRIBUTE,
  ServedErrorContext,
  ServerRemoteContext,
  type ServerRenderedRemote,
} from './server-outlet';

export interface ServerRenderedPage {
  /** The remote page inside the server's HTML, read back from the document, or null. */
  remote: ServerRenderedRemote | null;
  /** The error page the document was served as (its payload says so), or null. */
  error: PageError | null;
  /** Resolves once the code the first render needs has loaded. */
  ready: Promise<unknown>;
}

/**
 * The server's rendering of this document, or null when `#root` is empty (server rendering off or
 * failed): the shell then renders the page in the browser. The payload must be for this
 * very URL; a payload for another (a cached document replayed elsewhere) is ignored with the HTML.
 */
export function serverRenderedPage(container: HTMLElement): ServerRenderedPage | null {
  if (!container.firstElementChild) return null;
  const payload = pagePayload();
  if (!payload || payload.path !== `${window.location.pathname}${window.location.search}`) {
    dropPagePayload();
    container.replaceChildren();
    return null;
  }
  let remote: ServerRenderedRemote | null = null;
  if (isRemoteName(payload.remote)) {
    const element = container.querySelector(
      `.remote-outlet[data-remote="${payload.remote}"] > [${REMOTE_PAGE_ATTRIBUTE}]`,
    );
    if (element) remote = { name: payload.remote, html: element.innerHTML };
  }
  // The server renders with the outlet's and the content page's code loaded: so must the first render here.
  const ready = Promise.all([
    container.querySelector('.remote-outlet') ? preloadRemoteOutlet() : null,
    container.querySelector('[data-route="slug"][data-owner="shell"]') ? preloadContentPage() : null,
  ]);
  const error =
    payload.error && typeof payload.error.statusCode === 'number' && typeof payload.error.message === 'string'
      ? { statusCode: payload.error.statusCode, message: payload.error.message }
      : null;
  return {
    remote,
    error,
    ready: ready.catch((failure: unknown) =>
      console.warn('[shell] page code failed to load before hydration', failure),
    ),
  };
}

let markLive: () => void = () => {};
/** Resolves once the first render has committed (hydrated or rendered): `#root[data-shell-ready]`. */
export const shellLive: Promise<void> = new Promise((resolve) => {
  markLive = resolve;
});

/**
 * Hands the server's remote page to the first page's outlet, and ends the first page at the first
 * navigation: outlets made later start empty, and the payload no longer stands in for fresh reads.
 */
export function FirstPageRemote({
  served,
  servedError = null,
  router,
  children,
}: {
  served: ServerRenderedRemote | null;
  /** The error page the document was served as: the first page shows it until the first navigation. */
  servedError?: PageError | null;
  router: {
    subscribe: (listener: (state: { location: { pathname: string; search: string } }) => void) => () => void;
  };
  children: ReactNode;
}): ReactNode {
  const [remote, setRemote] = useState(served);
  const [error, setError] = useState(servedError);
  useEffect(() => {
    // The page is live (hydrated or rendered): tools and tests wait for this mark.
    document.getElementById('root')?.setAttribute('data-shell-ready', '');
    markLive();
    const first = `${window.location.pathname}${window.location.search}`;
    let shown = first;
    return router.subscribe(({ location }) => {
      const path = `${location.pathname}${location.search}`;
      if (path === shown) return;
      shown = path;
      // The page navigated to keeps the payload its navigation read for it (navigation-payload.ts).
      if (pagePayload()?.path !== path) dropPagePayload();
      if (path !== first) {
        setRemote(null);
        setError(null);
      }
    });
  }, [router]);
  return (
    <ServerRemoteContext value={remote}>
      <ServedErrorContext value={error}>{children}</ServedErrorContext>
    </ServerRemoteContext>
  );
}
