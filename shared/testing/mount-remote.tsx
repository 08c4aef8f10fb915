/**
 * Test helper: mounts a remote's `./app` lifecycles through its contract, in isolation, the way
 * the shell does: a `ParcelOutlet` fed with the location, navigation type and navigator of a
 * react-router memory router. Jest only; no app bundles it.
 */
import { act, render, waitFor, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { LifeCycles, RemoteName, RemoteProps } from '../contracts';
import { navigatorFor } from '../federation';
import { RoutedParcelOutlet } from '../federation/routed-outlet';
import { clearPageReads } from '@arttoy/shared/query';

export { fakeApi, type Handler, type RecordedCall, type Reply } from './fake-api';
export { routeSamples, sampleOf, type RouteSample } from './route-samples';

export type MemoryRouter = ReturnType<typeof createMemoryRouter>;

/**
 * A remote renders in its own React root (single-spa-react's createRoot), asynchronously, as in
 * the browser: its renders are not act() updates, and tests wait for its output (findBy*, waitFor).
 * Testing Library's render and this helper's navigate still run inside act.
 */
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

export interface MountedRemote extends RenderResult {
  router: MemoryRouter;
  /** Navigates the memory router (as a click on a shell link would), inside act. */
  navigate: (to: string) => Promise<void>;
}

/** Renders the remote's `./app` at `path`, as the shell would mount it there. */
export function mountRemote(options: {
  name: RemoteName;
  app: LifeCycles<RemoteProps>;
  path: string;
}): MountedRemote {
  const { name, app } = options;
  // A mount is a page load: it starts with an empty page cache, as a visitor's new page does.
  clearPageReads();
  // Stable across renders: the outlet reloads the remote when `load` changes.
  const load = (): Promise<LifeCycles<RemoteProps>> => Promise.resolve(app);
  // The navigator is bound lazily: the router's one route element needs it before the router exists.
  const navigator = navigatorFor({
    navigate: (to, opts) => router.navigate(to as never, opts),
    createHref: (location) => router.createHref(location),
  });
  const outlet = (
    <RoutedParcelOutlet
      name={name}
      load={load}
      navigator={navigator}
      loading={<p>Loading {name}</p>}
      renderError={(error) => <p role="alert">{`${name} failed: ${error.message}`}</p>}
    />
  );
  const router = createMemoryRouter([{ path: '*', element: outlet }], { initialEntries: [options.path] });
  const result = render(<RouterProvider router={router} />);
  return {
    ...result,
    router,
    navigate: async (to) => {
      await act(() => router.navigate(to));
    },
  };
}

/** Waits for a route's placeholder page (`<article data-route=…>`) and returns it. */
export function findPlaceholder(routeId: string): Promise<HTMLElement> {
  return waitFor(() => {
    const article = document.querySelector<HTMLElement>(`article[data-route="${routeId}"]`);
    if (!article)
      throw new Error(
        `No placeholder of route ${routeId} on the page; found: ${placeholdersShown().join(', ') || 'none'}.`,
      );
    return article;
  });
}

/** The route ids of the placeholders on the page. */
export function placeholdersShown(): string[] {
  return Array.from(
    document.querySelectorAll<HTMLElement>('article[data-route]'),
    (article) => article.dataset.route ?? '',
  );
}

/** The parameters a placeholder lists, by name. */
export function paramsShown(placeholder: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    Array.from(placeholder.querySelectorAll<HTMLElement>('dd[data-param]'), (dd) => [
      dd.dataset.param ?? '',
      dd.textContent ?? '',
    ]),
  );
}
