import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { NewBuildNotice } from './new-build-notice';
import { newBuildStore } from './new-build-store';

/**
 * Stands in for `window.location.reload` during a test. jsdom 26 makes `window.location` and its
 * `reload` non-configurable and read-only, so neither can be replaced; the `Location` object
 * forwards `reload()` to its implementation object, and that is where the mock goes.
 */
function mockLocationReload(): { reload: jest.Mock; restore: () => void } {
  const implSymbol = Object.getOwnPropertySymbols(window.location).find((symbol) => symbol.description === 'impl');
  if (!implSymbol) throw new Error('This jsdom has no Location implementation object to stub reload on.');
  const impl = (window.location as unknown as Record<symbol, { reload?: () => void }>)[implSymbol]!;
  const reload = jest.fn();
  impl.reload = reload;
  return { reload, restore: () => delete impl.reload };
}

let location: ReturnType<typeof mockLocationReload>;
beforeEach(() => {
  location = mockLocationReload();
  newBuildStore.setState({ buildId: null });
});
afterEach(() => {
  location.restore();
  newBuildStore.setState({ buildId: null });
});

function renderNotice(): ReturnType<typeof createMemoryRouter> {
  const router = createMemoryRouter([{ path: '*', element: <NewBuildNotice /> }], { initialEntries: ['/gallery'] });
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
});
