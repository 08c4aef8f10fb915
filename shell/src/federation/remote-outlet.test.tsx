import { act, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { defineRemote } from '@arttoy/shared/federation';
import { mockLocationReload } from './mock-location-reload';
import { RemoteLoadError } from './remote-load-error';
import { RemoteMisfitError } from './remote-misfit';
import { RemoteOutlet } from './remote-outlet';
import { renderRouted } from './render-routed';
import { loadRemoteApp, markRemoteFailed } from './remotes';

jest.mock('./remotes', () => ({ loadRemoteApp: jest.fn(), markRemoteFailed: jest.fn() }));
const loadRemoteAppMock = jest.mocked(loadRemoteApp);

/** webpack's error for a chunk that did not arrive. */
function chunkLoadError(): Error {
  const error = new Error('Loading chunk 283 failed.\n(error: http://localhost/mf-gallery/1/283.js)');
  error.name = 'ChunkLoadError';
  return error;
}

const galleryRemote = defineRemote({ name: 'mf_gallery', App: () => <p data-testid="gallery">gallery</p> });

function renderOutlet(): void {
  const router = createMemoryRouter([{ path: '*', element: <RemoteOutlet name="mf_gallery" /> }], {
    initialEntries: ['/gallery/series/cloud-bakery'],
  });
  renderRouted(router);
}

function setOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

let location: ReturnType<typeof mockLocationReload>;
beforeAll(() => {
  // The remote renders in its own React root, asynchronously, as in the browser.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
beforeEach(() => {
  sessionStorage.clear();
  location = mockLocationReload();
  loadRemoteAppMock.mockReset();
  jest.mocked(markRemoteFailed).mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  location.restore();
  setOnline(true);
  jest.restoreAllMocks();
});

describe('RemoteOutlet', () => {
  it('reloads once when a chunk of a remote is missing, and asks for a fresh container next time', async () => {
    loadRemoteAppMock.mockRejectedValue(chunkLoadError());
    renderOutlet();
    await waitFor(() => expect(location.reload).toHaveBeenCalledTimes(1));
    expect(markRemoteFailed).toHaveBeenCalledWith('mf_gallery');
  });

  it('shows the contained fallback when the same path failed again within the guard window', async () => {
    loadRemoteAppMock.mockRejectedValue(new RemoteLoadError('Remote mf_gallery failed to load (404).'));
    renderOutlet();
    await waitFor(() => expect(location.reload).toHaveBeenCalledTimes(1));
    // The reloaded page fails the same way: no second reload.
    renderOutlet();
    expect(await screen.findAllByTestId('fallback-mf-gallery')).not.toHaveLength(0);
    expect(location.reload).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback at once for a remote that does not fit the shell: a reload would get the same build', async () => {
    loadRemoteAppMock.mockRejectedValue(
      new RemoteMisfitError('mf_gallery', 'v9', [
        'mf_gallery v9 needs @arttoy/shared ^2.0.0; shell v1 provides 1.0.0.',
      ]),
    );
    renderOutlet();
    const fallback = await screen.findByTestId('fallback-mf-gallery');
    expect(fallback).toHaveTextContent('needs @arttoy/shared ^2.0.0; shell v1 provides 1.0.0');
    expect(location.reload).not.toHaveBeenCalled();
    expect(markRemoteFailed).not.toHaveBeenCalled();
  });

  it('never reloads while offline, and retries by itself once back online', async () => {
    setOnline(false);
    loadRemoteAppMock.mockRejectedValueOnce(
      new RemoteLoadError('Remote mf_gallery failed to load (offline).'),
    );
    loadRemoteAppMock.mockResolvedValue(galleryRemote);
    renderOutlet();
    const fallback = await screen.findByTestId('fallback-mf-gallery');
    expect(within(fallback).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(location.reload).not.toHaveBeenCalled();

    act(() => setOnline(true));
    expect(await screen.findByTestId('gallery')).toBeInTheDocument();
    expect(screen.queryByTestId('fallback-mf-gallery')).not.toBeInTheDocument();
    expect(loadRemoteAppMock).toHaveBeenCalledTimes(2);
    expect(location.reload).not.toHaveBeenCalled();
  });
});
