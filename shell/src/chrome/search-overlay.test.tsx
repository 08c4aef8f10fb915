import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { registerSearchSource, type SearchResult, type SearchSource } from '@arttoy/shared/search';
import { SearchOverlay } from './search-overlay';

const INPUT_LABEL = 'Search the blog, the help pages and the gallery';

const RESULTS: SearchResult[] = [
  { title: 'Caring for vinyl', href: '/blog/caring-for-vinyl', section: 'Blog', excerpt: 'Keep figures out of the sun.', score: 0.4 },
  { title: 'Moonlit Bunny', href: '/gallery/style/detail/moonlit-bunny', section: 'Gallery', score: 0.9 },
];

const cleanups: Array<() => void> = [];
function register(source: SearchSource): void {
  cleanups.push(registerSearchSource(source));
}

// The overlay waits for a pause in typing (a timer) before it searches.
let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  jest.useFakeTimers();
  user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
});
afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  jest.useRealTimers();
});

function renderOverlay(open = true): { router: ReturnType<typeof createMemoryRouter>; onClose: jest.Mock } {
  const onClose = jest.fn();
  const router = createMemoryRouter([{ path: '*', element: <SearchOverlay open={open} onClose={onClose} /> }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
  return { router, onClose };
}

async function typeQuery(text: string): Promise<void> {
  await user.type(screen.getByRole('searchbox', { name: INPUT_LABEL }), text);
  await act(() => jest.runOnlyPendingTimersAsync());
}

describe('SearchOverlay', () => {
  it('is a dialog titled Search with a labelled text input', () => {
    renderOverlay();
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    expect(within(dialog).getByRole('heading', { name: 'Search' })).toBeInTheDocument();
    const input = within(dialog).getByRole('searchbox', { name: INPUT_LABEL });
    expect(input).toHaveAttribute('type', 'search');
    expect(input).toHaveValue('');
  });

  it('is hidden while closed', () => {
    renderOverlay(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('shows the results as links, best first, once the visitor stops typing', async () => {
    const source = { name: 'test', search: jest.fn((_query: string) => Promise.resolve(RESULTS)) };
    register(source);
    renderOverlay();
    await typeQuery('bunny');
    expect(source.search.mock.calls.map(([query]) => query)).toEqual(['bunny']);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Gallery Moonlit Bunny', '/gallery/style/detail/moonlit-bunny'],
      ['Blog Caring for vinyl', '/blog/caring-for-vinyl'],
    ]);
    expect(screen.getByText('Keep figures out of the sun.')).toBeInTheDocument();
  });

  it('closes and goes to a result when it is clicked', async () => {
    register({ name: 'test', search: () => Promise.resolve(RESULTS) });
    const { router, onClose } = renderOverlay();
    await typeQuery('vinyl');
    await user.click(screen.getByRole('link', { name: /Caring for vinyl/ }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/blog/caring-for-vinyl');
  });

  it('says so when nothing matches', async () => {
    register({ name: 'test', search: () => Promise.resolve([]) });
    renderOverlay();
    await typeQuery('  labubu ');
    expect(screen.getByText('No results for “labubu”.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('says search is not available when the search fails', async () => {
    register({
      name: 'test',
      search: () => {
        throw new Error('index unavailable');
      },
    });
    renderOverlay();
    await typeQuery('vinyl');
    expect(screen.getByText('Search is not available right now. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/No results/)).not.toBeInTheDocument();
  });

  it('shows nothing for a blank query, without searching', async () => {
    const source = { name: 'test', search: jest.fn(() => Promise.resolve(RESULTS)) };
    register(source);
    renderOverlay();
    await typeQuery('   ');
    expect(source.search).not.toHaveBeenCalled();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText(/No results|not available/)).not.toBeInTheDocument();
  });

  it('closes from its close button', async () => {
    const { onClose } = renderOverlay();
    await user.click(screen.getByRole('button', { name: 'Close search' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
