import type { ReactNode } from 'react';
import { departure } from './page-heading';

export const ROUTE_ANNOUNCER_ID = 'route-announcer';

/** How long a new page may take to show its heading (a remote's entry is given up after 8 s). */
export const ARRIVAL_TIMEOUT_MS = 10_000;

interface RouterLike {
  state: { location: { pathname: string } };
  subscribe: (listener: (state: { location: { pathname: string } }) => void) => () => void;
}

/**
 * The polite live region that says the title of the page a client navigation arrived at. Empty in
 * the server's HTML and on the first page; written by followNavigations, never re-rendered by React.
 */
export function RouteAnnouncer(): ReactNode {
  return <p id={ROUTE_ANNOUNCER_ID} className="visually-hidden" aria-live="polite" aria-atomic="true" />;
}

/** What makes a navigation the visitor's: before any of these, the document is still loading its first page. */
const TOUCHES = ['pointerdown', 'keydown'] as const;

const loadArrival = () => import(/* webpackChunkName: "page-arrival" */ './page-arrival');

/**
 * After a client navigation to another page, focuses the new page's h1 (made focusable with
 * tabindex=-1), else the main landmark, and announces its title in the RouteAnnouncer, as a
 * document load lets a screen reader say where the visitor is. The rules:
 * - Not on the first page, nor on a navigation made before the visitor has touched the page (a
 *   redirect as it starts, /blog → /blog/list): a fresh document keeps the browser's own focus. A
 *   redirect after a click or a key (sign-in done on /login) is a navigation like any other.
 * - Not when only the query or the hash changes (pagination, filters, sort, in-page anchors): the
 *   visitor stays on the control they used, and the page's own live regions say what changed
 *   (the gallery's figure count, for one).
 * - A remote's page shows later than the route changes (its outlet loads, mounts or updates it):
 *   it waits, with a MutationObserver and at most `timeoutMs`, for a heading that is not the
 *   old page's. The old page is read here, in the router's notification, before React renders the
 *   new route.
 * The code that waits and focuses loads with the first navigation, not with the first page.
 */
export function followNavigations(
  router: RouterLike,
  { mainId = 'main', timeoutMs = ARRIVAL_TIMEOUT_MS } = {},
): () => void {
  let path = router.state.location.pathname;
  let touched = false;
  const forget = (): void => {
    for (const type of TOUCHES) window.removeEventListener(type, touch, true);
  };
  const touch = (): void => {
    touched = true;
    forget();
  };
  for (const type of TOUCHES) window.addEventListener(type, touch, true);
  let cancel = (): void => undefined;
  const unsubscribe = router.subscribe((state) => {
    const next = state.location.pathname;
    if (next === path) return;
    path = next;
    if (!touched) return;
    const main = document.getElementById(mainId);
    if (!main) return;
    cancel();
    const left = departure(main);
    const announcer = document.getElementById(ROUTE_ANNOUNCER_ID);
    // Emptied now, so that arriving at a page with the title said last is said again.
    if (announcer) announcer.textContent = '';
    let active = true;
    let stop = (): void => undefined;
    cancel = () => {
      active = false;
      stop();
    };
    loadArrival().then(
      ({ awaitArrival, focusArrival }) => {
        if (!active) return;
        stop = awaitArrival(main, left, {
          timeoutMs,
          onArrive: (target, announcement) => {
            focusArrival(target, left, main);
            if (announcer) announcer.textContent = announcement;
          },
        });
      },
      (error: unknown) =>
        console.warn(
          '[shell] the code that focuses a new page did not load; focus stays where it was.',
          error,
        ),
    );
  });
  return () => {
    forget();
    cancel();
    unsubscribe();
  };
}
