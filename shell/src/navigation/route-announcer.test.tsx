import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { followNavigations, ROUTE_ANNOUNCER_ID, RouteAnnouncer } from './route-announcer';

/** A remote's page as the outlet shows it: later than the route changes, when the test says so. */
const remote = (() => {
  let state = { shown: false, heading: '' };
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show(heading: string): void {
      state = { shown: true, heading };
      for (const listener of listeners) listener();
    },
    reset(): void {
      state = { shown: false, heading: '' };
    },
  };
})();

function Titled({ title, children }: { title: string; children: ReactNode }): ReactNode {
  useEffect(() => {
    document.title = `${title} · ArtToy Club`;
  }, [title]);
  return children;
}

function RemotePage(): ReactNode {
  const { shown, heading } = useSyncExternalStore(remote.subscribe, remote.get);
  return (
    <div className="remote-outlet" aria-busy={!shown}>
      {shown ? (
        <Titled title={heading}>
          <h1>{heading}</h1>
          <p>figures</p>
        </Titled>
      ) : (
        <p role="status">Loading this page</p>
      )}
    </div>
  );
}

function FilteredList(): ReactNode {
  return (
    <Titled title="Figures">
      <h1>Figures</h1>
      <label>
        Sort by
        <select defaultValue="newest">
          <option value="newest">Newest</option>
          <option value="name">Name</option>
        </select>
      </label>
    </Titled>
  );
}

function Shell(): ReactNode {
  return (
    <>
      <header>
        <button type="button">Menu</button>
        <input aria-label="Search" />
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
        <RouteAnnouncer />
      </main>
    </>
  );
}

const routes = [
  {
    element: <Shell />,
    children: [
      {
        path: '/',
        element: (
          <Titled title="Home">
            <h1>Art toys, drawn fairly.</h1>
          </Titled>
        ),
      },
      {
        path: '/about',
        element: (
          <Titled title="About us">
            <h1>About us</h1>
          </Titled>
        ),
      },
      { path: '/gallery/*', element: <RemotePage /> },
      { path: '/figures', element: <FilteredList /> },
      {
        path: '/quiet',
        element: (
          <Titled title="Quiet page">
            <p>No heading here.</p>
          </Titled>
        ),
      },
      {
        path: '/broken',
        element: (
          <section role="alert">
            <h2>The gallery could not be loaded</h2>
          </section>
        ),
      },
    ],
  },
];

const TIMEOUT_MS = 300;
let stop: () => void = () => undefined;

/** The shell's start-up: the router, followed before it renders (as bootstrap.tsx does). */
function startSite(path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  stop = followNavigations(router, { timeoutMs: TIMEOUT_MS });
  render(
    <RouterProvider
      router={router}
      flushSync={(update) => {
        flushSync(update);
      }}
    />,
  );
  return router;
}

/** A navigation the visitor makes: a pointer goes down on the page first (a link, a button). */
function visit(
  router: ReturnType<typeof startSite>,
  to: string | number,
  options: { flushSync?: boolean } = {},
) {
  fireEvent.pointerDown(document.body);
  return act(() => (typeof to === 'number' ? router.navigate(to) : router.navigate(to, options)));
}

const announcer = (): HTMLElement => document.getElementById(ROUTE_ANNOUNCER_ID)!;
const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

beforeEach(() => {
  remote.reset();
  document.title = 'ArtToy Club';
});
afterEach(() => stop());

describe('followNavigations', () => {
  it('leaves focus alone on the first page, and the announcer is an empty polite live region', async () => {
    startSite('/');
    await pause(100);
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveAttribute('tabindex');
    expect(announcer()).toHaveAttribute('aria-live', 'polite');
    expect(announcer()).toHaveTextContent('');
  });

  it('leaves focus alone on a redirect the first page makes before the visitor touched it (/blog → /blog/list)', async () => {
    const router = startSite('/');
    await act(() => router.navigate('/about', { replace: true }));
    await pause(100);
    expect(document.activeElement).toBe(document.body);
    expect(announcer()).toHaveTextContent('');
  });

  it('follows a redirect the first page makes after the visitor acted on it (signed in on /login)', async () => {
    const router = startSite('/');
    fireEvent.keyDown(document.body, { key: 'Enter' });
    await act(() => router.navigate('/about', { replace: true }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toHaveFocus());
    expect(announcer()).toHaveTextContent('About us · ArtToy Club');
  });

  it('focuses the new page’s h1 (made focusable) and announces its title after a client navigation', async () => {
    const router = startSite('/');
    screen.getByRole('button', { name: 'Menu' }).focus();
    await visit(router, '/about');
    const heading = screen.getByRole('heading', { level: 1, name: 'About us' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(announcer()).toHaveTextContent('About us · ArtToy Club');
  });

  it('reads the page being left before the new one renders, so a page rendered at once counts as arrived', async () => {
    const router = startSite('/');
    // flushSync: React renders /about inside the router's notification, before the focusing code has loaded.
    await visit(router, '/about', { flushSync: true });
    const heading = screen.getByRole('heading', { level: 1, name: 'About us' });
    await waitFor(() => expect(heading).toHaveFocus(), { timeout: TIMEOUT_MS / 2 });
    expect(announcer()).toHaveTextContent('About us · ArtToy Club');
  });

  it('waits for a remote page that shows after the route changed', async () => {
    const router = startSite('/');
    await visit(router, '/gallery');
    await pause(100);
    expect(document.activeElement).toBe(document.body);
    expect(announcer()).toHaveTextContent('');
    act(() => remote.show('Cloud Bakery'));
    const heading = screen.getByRole('heading', { level: 1, name: 'Cloud Bakery' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(announcer()).toHaveTextContent('Cloud Bakery · ArtToy Club');
  });

  it('does not take the old heading of a remote that updates its page later for the new page', async () => {
    remote.show('Cloud Bakery');
    const router = startSite('/gallery/series/cloud-bakery');
    const heading = screen.getByRole('heading', { level: 1, name: 'Cloud Bakery' });
    await visit(router, '/gallery/series/moonlit-forest');
    await pause(TIMEOUT_MS / 2);
    expect(heading).not.toHaveFocus();
    act(() => remote.show('Moonlit Forest'));
    // The remote reused its h1: the same element, with the new page's text.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveTextContent('Moonlit Forest');
    expect(announcer()).toHaveTextContent('Moonlit Forest · ArtToy Club');
  });

  it('keeps focus on the filter when only the query changes (filters, sort, pagination)', async () => {
    const router = startSite('/figures');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    sort.focus();
    await visit(router, '/figures?sort=name');
    await visit(router, '/figures?sort=name&page=2');
    await pause(TIMEOUT_MS + 100);
    expect(sort).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveAttribute('tabindex');
    expect(announcer()).toHaveTextContent('');
  });

  it('focuses main and announces the title when the page has no h1 within the time allowed', async () => {
    const router = startSite('/');
    await visit(router, '/quiet');
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus(), { timeout: TIMEOUT_MS * 3 });
    expect(announcer()).toHaveTextContent('Quiet page · ArtToy Club');
  });

  it('focuses main at once for a contained failure, whose alert speaks for itself', async () => {
    const router = startSite('/');
    await visit(router, '/broken');
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus(), { timeout: TIMEOUT_MS / 2 });
    expect(announcer()).toHaveTextContent('');
  });

  it('does not take focus from a visitor who started typing while the page loaded, and still announces it', async () => {
    const router = startSite('/');
    await visit(router, '/gallery');
    const search = screen.getByRole('textbox', { name: 'Search' });
    search.focus();
    act(() => remote.show('Cloud Bakery'));
    await waitFor(() => expect(announcer()).toHaveTextContent('Cloud Bakery · ArtToy Club'));
    expect(search).toHaveFocus();
  });

  it('does not move focus behind an open dialog', async () => {
    const router = startSite('/');
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    try {
      await visit(router, '/about');
      await waitFor(() => expect(announcer()).toHaveTextContent('About us · ArtToy Club'));
      expect(screen.getByRole('heading', { level: 1, name: 'About us' })).not.toHaveFocus();
    } finally {
      dialog.remove();
    }
  });

  it('announces a page again when the visitor comes back to it', async () => {
    const router = startSite('/');
    await visit(router, '/about');
    await waitFor(() => expect(announcer()).toHaveTextContent('About us · ArtToy Club'));
    await visit(router, -1);
    await waitFor(() => expect(announcer()).toHaveTextContent('Home · ArtToy Club'));
    expect(screen.getByRole('heading', { level: 1, name: 'Art toys, drawn fairly.' })).toHaveFocus();
  });
});
