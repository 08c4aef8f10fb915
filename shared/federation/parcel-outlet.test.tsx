import { useEffect, type ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createSiteError,
  type LifeCycles,
  type Location,
  type Navigator,
  type RemoteProps,
} from '../contracts';
import { defineRemote } from './define-remote';
import { ParcelOutlet, type OutletProps } from './parcel-outlet';

const cleanups = jest.fn();

function ShowLocation(props: RemoteProps): ReactNode {
  useEffect(() => () => cleanups(), []);
  return <p data-testid="remote-content">remote at {props.location.pathname}</p>;
}

function ThrowOnRender(): ReactNode {
  throw new Error('remote render exploded');
}

/** Reports a 404 for /gallery/missing, as a remote does for a slug it does not know. */
function NotFoundAtMissing(props: RemoteProps): ReactNode {
  const { pathname } = props.location;
  const { onRemoteError } = props;
  useEffect(() => {
    if (pathname === '/gallery/missing')
      onRemoteError(createSiteError({ statusCode: 404, message: `Page not found: ${pathname}` }));
  }, [pathname, onRemoteError]);
  return <p data-testid="remote-content">remote at {pathname}</p>;
}

const showLocation = defineRemote({ name: 'mf_gallery', App: ShowLocation });
const notFoundAtMissing = defineRemote({ name: 'mf_gallery', App: NotFoundAtMissing });
const throwOnRender = defineRemote({ name: 'mf_gallery', App: ThrowOnRender });

function location(pathname: string): Location {
  return { pathname, search: '', hash: '', state: null, key: pathname };
}

const navigator: Navigator = {
  createHref: (to) => String(to),
  go: jest.fn(),
  push: jest.fn(),
  replace: jest.fn(),
};

function outletProps(pathname: string): OutletProps {
  return { basename: '/gallery', location: location(pathname), navigationType: 'PUSH', navigator };
}

function Outlet({
  load,
  pathname,
}: {
  load: () => Promise<LifeCycles<RemoteProps>>;
  pathname: string;
}): ReactNode {
  return (
    <ParcelOutlet
      name="mf_gallery"
      load={load}
      props={outletProps(pathname)}
      loading={<p>loading remote</p>}
      renderError={(error, retry) => (
        <div role="alert">
          <span>failed: {error.message}</span>
          <button type="button" onClick={retry}>
            retry
          </button>
        </div>
      )}
    />
  );
}

/** The outlet and the remote log failures by design; the tests that cause one expect it. */
let consoleError: jest.SpyInstance | null = null;
function expectConsoleErrors(): jest.SpyInstance {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  return consoleError;
}

beforeAll(() => {
  // The parcel renders in its own React root, asynchronously, as in the browser: its renders are
  // not act() updates, and the tests wait for them (findBy*, waitFor).
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

beforeEach(() => {
  cleanups.mockClear();
});

afterEach(() => {
  consoleError?.mockRestore();
  consoleError = null;
});

describe('ParcelOutlet', () => {
  it('shows the loading element, then mounts the remote', async () => {
    const load = jest.fn(() => Promise.resolve(showLocation));
    render(<Outlet load={load} pathname="/gallery" />);
    expect(screen.getByText('loading remote')).toBeInTheDocument();
    expect(await screen.findByText('remote at /gallery')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('loading remote')).not.toBeInTheDocument());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("mounts a remote rendered in the browser without React's warning about a container it filled itself", async () => {
    const errors = expectConsoleErrors();
    render(<Outlet load={() => Promise.resolve(showLocation)} pathname="/gallery" />);
    expect(await screen.findByText('remote at /gallery')).toBeInTheDocument();
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([]);
  });

  it('marks the outlet live once the remote has mounted, and not while its code loads or after it failed', async () => {
    expectConsoleErrors();
    let finish: (lifecycles: LifeCycles<RemoteProps>) => void = () => undefined;
    const load = jest.fn(() => new Promise<LifeCycles<RemoteProps>>((resolve) => (finish = resolve)));
    const { container, rerender } = render(<Outlet load={load} pathname="/gallery" />);
    const outlet = container.querySelector('.remote-outlet');
    await waitFor(() => expect(load).toHaveBeenCalled());
    expect(outlet).not.toHaveAttribute('data-live');
    finish(showLocation);
    await waitFor(() => expect(outlet).toHaveAttribute('data-live', ''));
    rerender(<Outlet load={() => Promise.reject(new Error('remote down'))} pathname="/gallery" />);
    await screen.findByRole('alert');
    expect(container.querySelector('.remote-outlet')).not.toHaveAttribute('data-live');
  });

  it('passes the router props to the remote on mount', async () => {
    const seen = jest.fn();
    const App = (props: RemoteProps): ReactNode => {
      seen(props);
      return <p>spy mounted</p>;
    };
    const lifecycles = defineRemote({ name: 'mf_gallery', App });
    render(<Outlet load={() => Promise.resolve(lifecycles)} pathname="/gallery/style/vinyl" />);
    await screen.findByText('spy mounted');
    expect(seen).toHaveBeenCalledWith(
      expect.objectContaining({
        basename: '/gallery',
        navigationType: 'PUSH',
        navigator,
        location: expect.objectContaining({ pathname: '/gallery/style/vinyl' }),
        onRemoteError: expect.any(Function),
      }),
    );
  });

  it('pushes a new location to the mounted remote (update)', async () => {
    const load = jest.fn(() => Promise.resolve(showLocation));
    const { rerender } = render(<Outlet load={load} pathname="/gallery" />);
    await screen.findByText('remote at /gallery');
    rerender(<Outlet load={load} pathname="/gallery/style/soft-vinyl" />);
    expect(await screen.findByText('remote at /gallery/style/soft-vinyl')).toBeInTheDocument();
    expect(screen.queryByText('remote at /gallery')).not.toBeInTheDocument();
    // An update is not a remount: the code was loaded once and the remote's effect never cleaned up.
    expect(load).toHaveBeenCalledTimes(1);
    expect(cleanups).not.toHaveBeenCalled();
  });

  it('shows renderError when load fails, and a retry loads again and mounts', async () => {
    const load = jest
      .fn<Promise<LifeCycles<RemoteProps>>, []>()
      .mockRejectedValueOnce(new Error('entry unreachable'))
      .mockResolvedValue(showLocation);
    const errors = expectConsoleErrors();
    render(<Outlet load={load} pathname="/gallery" />);

    expect(await screen.findByRole('alert')).toHaveTextContent('failed: entry unreachable');
    expect(screen.queryByText(/remote at/)).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledWith('[mf_gallery] entry unreachable');

    await userEvent.click(screen.getByRole('button', { name: 'retry' }));

    expect(await screen.findByText('remote at /gallery')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('hands a render error inside the remote to renderError (through onRemoteError)', async () => {
    const errors = expectConsoleErrors();
    render(<Outlet load={() => Promise.resolve(throwOnRender)} pathname="/gallery" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('failed: remote render exploded');
    expect(errors).toHaveBeenCalledWith('[mf_gallery] remote render exploded');
    expect(errors).toHaveBeenCalledWith(
      '[remote] render error',
      expect.objectContaining({ message: 'remote render exploded' }),
      expect.anything(),
    );
  });

  it('keeps a page error (404) to its path: the next path shows the remote again, without a reload', async () => {
    const errors = expectConsoleErrors();
    const load = jest.fn(() => Promise.resolve(notFoundAtMissing));
    const { rerender } = render(<Outlet load={load} pathname="/gallery/missing" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('failed: Page not found: /gallery/missing');
    expect(errors).toHaveBeenCalledWith('[mf_gallery] Page not found: /gallery/missing');
    rerender(<Outlet load={load} pathname="/gallery/missing" />);
    expect(screen.getByRole('alert')).toBeInTheDocument();

    rerender(<Outlet load={load} pathname="/gallery" />);
    expect(await screen.findByText('remote at /gallery')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('unmounts the parcel when the outlet unmounts', async () => {
    const { unmount } = render(<Outlet load={() => Promise.resolve(showLocation)} pathname="/gallery" />);
    const content = await screen.findByTestId('remote-content');
    unmount();
    await waitFor(() => expect(cleanups).toHaveBeenCalledTimes(1));
    expect(content).not.toBeInTheDocument();
    expect(content.isConnected).toBe(false);
    expect(document.body).not.toHaveTextContent('remote at');
  });
});
