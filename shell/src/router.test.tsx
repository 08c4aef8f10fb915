import type { ReactNode } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import {
  HOME_ALIASES,
  noMatchError,
  REMOTE_NAMES,
  SITE_ROUTES,
  type LifeCycles,
  type RemoteName,
  type RemoteProps,
} from '@arttoy/shared/contracts';
import { defineRemote } from '@arttoy/shared/federation';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { sampleOf } from '@arttoy/shared/testing';
import { loadRemoteApp } from './federation/remotes';
import { renderRouted } from './federation/render-routed';
import { loadedRoutes, siteRouteObjects } from './router';

jest.mock('./federation/remotes', () => ({ loadRemoteApp: jest.fn() }));
const loadRemoteAppMock = jest.mocked(loadRemoteApp);
// The catch-all asks the content API for a document at the path; here there is none.
jest.mock('@arttoy/shared/http', () => ({
  ...jest.requireActual('@arttoy/shared/http'),
  request: jest.fn((url: string) =>
    Promise.reject(
      new (jest.requireActual('@arttoy/shared/http').HttpError)('No document.', 404, url, 'not_found'),
    ),
  ),
}));

/** A stand-in for each remote's `./app`: names itself and the location the shell gave it. */
function fakeRemote(name: RemoteName): LifeCycles<RemoteProps> {
  return defineRemote({
    name,
    App: (props: RemoteProps): ReactNode => (
      <section data-testid={`remote-${name}`}>
        <p>remote:{name}</p>
        <p>at {props.location.pathname}</p>
      </section>
    ),
  });
}
const FAKE_REMOTES = Object.fromEntries(REMOTE_NAMES.map((name) => [name, fakeRemote(name)])) as Record<
  RemoteName,
  LifeCycles<RemoteProps>
>;

function renderSite(path: string): ReturnType<typeof createMemoryRouter> {
  const routes = siteRouteObjects();
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    hydrationData: { loaderData: loadedRoutes(routes) },
  });
  renderRouted(router);
  return router;
}

function expectChrome(): void {
  expect(screen.getByRole('banner')).toBeInTheDocument();
  expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Gallery' })).toBeInTheDocument();
  expect(screen.getByRole('contentinfo')).toBeInTheDocument();
}

/** Errors thrown during render are logged by React and React Router by design; the tests that cause one expect it. */
function expectConsoleErrors(): void {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
}

beforeAll(() => {
  // Each remote renders in its own React root, asynchronously, as in the browser: the tests wait
  // for its output (findBy*, waitFor) instead of wrapping its renders in act.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

beforeEach(() => {
  // The layout's ScrollRestoration scrolls on navigation; jsdom has no layout to scroll.
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  loadRemoteAppMock.mockReset();
  loadRemoteAppMock.mockImplementation((name) => Promise.resolve(FAKE_REMOTES[name]));
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('the site router', () => {
  const homePaths = ['/', ...HOME_ALIASES, ...HOME_ALIASES.map((alias) => `${alias}/`)];

  it.each(homePaths)('shows the home page at %s', (path) => {
    renderSite(path);
    expect(screen.getByRole('heading', { level: 1, name: 'Art toys, drawn fairly.' })).toBeInTheDocument();
    expectChrome();
    expect(loadRemoteAppMock).not.toHaveBeenCalled();
  });

  const remoteRoutes = SITE_ROUTES.filter((route) => route.owner !== 'shell').map((route) => ({
    ...sampleOf(route),
    owner: route.owner,
  }));

  it.each(remoteRoutes)('hands $path ($route.id) to $owner', async ({ path, owner }) => {
    renderSite(path);
    const remote = await screen.findByTestId(`remote-${owner}`);
    expect(remote).toHaveTextContent(`remote:${owner}`);
    expect(remote).toHaveTextContent(`at ${path}`);
    expect(loadRemoteAppMock.mock.calls).toEqual([[owner]]);
    expectChrome();
  });

  it.each([
    ['/pag-demo', 'pag-demo'],
    ['/skeleton-demo', 'skeleton-demo'],
    ['/live', 'live'],
  ])('shows the shell page %s itself', (path, routeId) => {
    renderSite(path);
    expect(
      document.querySelector(`article[data-route="${routeId}"][data-owner="shell"]`),
    ).toBeInTheDocument();
    expect(loadRemoteAppMock).not.toHaveBeenCalled();
  });

  it('answers invalid parameters with the fatal Page Not Found naming the path', () => {
    expectConsoleErrors();
    renderSite('/mysterybox/abc');
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Page Not Found: /mysterybox/abc')).toBeInTheDocument();
    expect(loadRemoteAppMock).not.toHaveBeenCalled();
    expectChrome();
  });

  it('answers a path no route matches with Page not found naming the path', async () => {
    expectConsoleErrors();
    renderSite('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Page not found: /no/such/page')).toBeInTheDocument();
    expect(loadRemoteAppMock).not.toHaveBeenCalled();
    expectChrome();
  });

  it('contains a failed remote load in its area, and Try again loads it again', async () => {
    expectConsoleErrors();
    loadRemoteAppMock.mockRejectedValueOnce(new Error('Remote mf_gallery failed to load (timeout).'));
    renderSite('/gallery');

    const fallback = await screen.findByTestId('fallback-mf-gallery');
    expect(
      within(fallback).getByRole('heading', { name: 'The gallery could not be loaded' }),
    ).toBeInTheDocument();
    expect(within(fallback).getByText('Remote mf_gallery failed to load (timeout).')).toBeInTheDocument();
    expectChrome();

    await userEvent.click(within(fallback).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('remote-mf_gallery')).toHaveTextContent('remote:mf_gallery');
    expect(screen.queryByTestId('fallback-mf-gallery')).not.toBeInTheDocument();
    expect(loadRemoteAppMock).toHaveBeenCalledTimes(2);
  });

  it("shows the shell's error page when a remote reports a 404", async () => {
    expectConsoleErrors();
    const reportsNotFound = defineRemote({
      name: 'mf_blog',
      App: (props: RemoteProps): ReactNode => {
        queueMicrotask(() => props.onRemoteError(noMatchError(props.location.pathname)));
        return null;
      },
    });
    loadRemoteAppMock.mockResolvedValueOnce(reportsNotFound);
    renderSite('/blog/unknown-post');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Page not found: /blog/unknown-post')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('updates the mounted remote between its own routes, and swaps remotes between owners', async () => {
    const router = renderSite('/gallery');
    await screen.findByText('at /gallery');

    await act(() => router.navigate('/gallery/style/designer-toy'));
    expect(await screen.findByText('at /gallery/style/designer-toy')).toBeInTheDocument();
    expect(loadRemoteAppMock.mock.calls).toEqual([['mf_gallery']]);

    await act(() => router.navigate('/blog/list'));
    expect(await screen.findByTestId('remote-mf_blog')).toHaveTextContent('at /blog/list');
    await waitFor(() => expect(screen.queryByTestId('remote-mf_gallery')).not.toBeInTheDocument());
    expect(loadRemoteAppMock.mock.calls).toEqual([['mf_gallery'], ['mf_blog']]);
  });
});

describe("the document's title", () => {
  const seriesRemote = defineRemote({
    name: 'mf_gallery',
    App: (): ReactNode => {
      usePageHead({ title: 'Cloud Bakery' });
      return <h1>Cloud Bakery</h1>;
    },
  });

  it("is the site's on home after a remote page with a title of its own, and the remote's again on the way back", async () => {
    loadRemoteAppMock.mockImplementation((name) =>
      Promise.resolve(name === 'mf_gallery' ? seriesRemote : FAKE_REMOTES[name]),
    );
    const router = renderSite('/gallery/series/cloud-bakery');
    await waitFor(() => expect(document.title).toBe('Cloud Bakery · ArtToy Club'));
    await act(() => router.navigate('/'));
    expect(screen.getByRole('heading', { level: 1, name: 'Art toys, drawn fairly.' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('ArtToy Club'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(document.title).toBe('Cloud Bakery · ArtToy Club'));
  });

  it.each([
    ['/pag-demo', 'Pagination · ArtToy Club'],
    ['/skeleton-demo', 'Loading skeletons · ArtToy Club'],
    ['/live', 'Live room · ArtToy Club'],
    ['/no/such/page', 'Page Not Found · ArtToy Club'],
  ])("of the shell's page %s is %s", async (path, title) => {
    expectConsoleErrors();
    document.title = 'Cloud Bakery · ArtToy Club';
    renderSite(path);
    await waitFor(() => expect(document.title).toBe(title));
  });
});
