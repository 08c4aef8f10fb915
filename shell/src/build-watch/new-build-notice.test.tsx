import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { NewBuildNotice } from './new-build-notice';
import { newBuildStore } from './new-build-store';
import { mockLocationReload } from '../federation/mock-location-reload';

let location: ReturnType<typeof mockLocationReload>;
beforeEach(() => {
  location = mockLocationReload();
  newBuildStore.setState({ buildId: null, checkProblem: null });
});
afterEach(() => {
  location.restore();
  newBuildStore.setState({ buildId: null, checkProblem: null });
});

function renderNotice(): ReturnType<typeof createMemoryRouter> {
  const router = createMemoryRouter([{ path: '*', element: <NewBuildNotice /> }], {
    initialEntries: ['/gallery'],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('NewBuildNotice', () => {
  it('stays silent, and navigation stays in the page, while no new build is known', async () => {
    const router = renderNotice();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await act(() => router.navigate('/blog/list'));
    expect(location.reload).not.toHaveBeenCalled();
  });

  it('says a new version is available once a new build is known, without reloading', () => {
    renderNotice();
    act(() => newBuildStore.setState({ buildId: '20261201000000-bbbbbbbb' }));
    expect(screen.getByRole('status')).toHaveTextContent(/a new version of ArtToy Club is available/i);
    expect(location.reload).not.toHaveBeenCalled();
  });

  it('reloads the page on the next navigation', async () => {
    const router = renderNotice();
    act(() => newBuildStore.setState({ buildId: '20261201000000-bbbbbbbb' }));
    await act(() => router.navigate('/blog/list'));
    expect(location.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once from its Reload now button', async () => {
    renderNotice();
    act(() => newBuildStore.setState({ buildId: '20261201000000-bbbbbbbb' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reload now' }));
    expect(location.reload).toHaveBeenCalledTimes(1);
  });

  it('says, without an action, when a check failed and the page keeps its version; a later good check clears it', () => {
    renderNotice();
    act(() => newBuildStore.setState({ checkProblem: 'the live build b-1 has no readable manifest' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Could not check for a newer version of ArtToy Club. This page keeps the version it has',
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    act(() => newBuildStore.setState({ checkProblem: null }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
