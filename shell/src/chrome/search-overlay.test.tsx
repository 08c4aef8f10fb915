import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SearchEntry } from '@arttoy/shared/contracts/api';
import { HttpError, request } from '@arttoy/shared/http';
import { resetSiteSearch } from '@arttoy/shared/search';
import { SearchOverlay } from './search-overlay';

jest.mock('@arttoy/shared/http', () => ({
  ...jest.requireActual('@arttoy/shared/http'),
  request: jest.fn(),
}));
const requestMock = jest.mocked(request);

const INPUT_LABEL = 'Search the blog, the help pages and the gallery';

const ENTRIES: SearchEntry[] = [
  {
    id: 'post:/blog/caring-for-vinyl',
    kind: 'post',
    path: '/blog/caring-for-vinyl',
    title: 'Caring for vinyl',
    description: 'Keep figures out of the sun.',
    headings: ['Dust'],
    text: 'Soft vinyl yellows in sunlight.',
  },
  {
    id: 'rules:/rules/authenticity',
    kind: 'rules',
    path: '/rules/authenticity',
    title: 'Authenticity',
    description: 'How we check every figure.',
    headings: ['Vinyl checks'],
    text: 'Every figure is checked.',
  },
  {
    id: 'figure:12',
    kind: 'figure',
    path: '/gallery/style/detail/moonlit-bunny',
    title: 'Moonlit Bunny',
    description: 'Soft vinyl, 12 cm',
    headings: [],
    text: '',
    image: '/api/figures/moonlit-bunny/art.svg?v=2',
  },
  {
    id: 'box:3',
    kind: 'box',
    path: '/mysterybox/3',
    title: 'Moonlit Forest Blind Box',
    description: 'Mystery box from Moonlit Forest · $15.99',
    headings: ['Moonlit Forest'],
    text: 'One random figure from Moonlit Forest, sealed.',
    image: '/api/figures/moonlit-bunny/art.svg?v=2',
  },
];

beforeEach(() => {
  resetSiteSearch();
  requestMock.mockReset();
});

function renderOverlay(open = true): { router: ReturnType<typeof createMemoryRouter>; onClose: jest.Mock } {
  const onClose = jest.fn();
  const router = createMemoryRouter(
    [{ path: '*', element: <SearchOverlay open={open} onClose={onClose} /> }],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { router, onClose };
}

/** The overlay as the layout holds it: opened from a button, closed by its own controls. */
function OverlayHost(): React.ReactNode {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open search
      </button>
      <SearchOverlay open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function renderHost(): void {
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '*', element: <OverlayHost /> }], { initialEntries: ['/'] })}
    />,
  );
}

function input(): HTMLInputElement {
  return screen.getByRole('combobox', { name: INPUT_LABEL });
}

async function typeQuery(text: string): Promise<void> {
  await userEvent.type(input(), text);
}

function options(): string[] {
  return screen.queryAllByRole('option').map((option) => option.textContent ?? '');
}

describe('SearchOverlay', () => {
  it('is a dialog titled Search with a combobox, and fetches the search data only once opened', async () => {
    requestMock.mockResolvedValue(ENTRIES);
    const { onClose } = renderOverlay(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestMock).not.toHaveBeenCalled();
    onClose.mockClear();
    render(
      <RouterProvider
        router={createMemoryRouter([{ path: '*', element: <SearchOverlay open onClose={onClose} /> }])}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    expect(within(dialog).getByRole('heading', { name: 'Search' })).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(requestMock).toHaveBeenCalledWith('/api/search.json'));
  });

  it('lists matches as options labelled by kind, titles first, with prefix and typo matching', async () => {
    requestMock.mockResolvedValue(ENTRIES);
    renderOverlay();
    await typeQuery('vinyl');
    await waitFor(() => expect(options()).toHaveLength(3));
    expect(options()[0]).toBe('Blog postCaring for vinylKeep figures out of the sun.');
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(input()).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);

    await userEvent.clear(input());
    await typeQuery('moonl');
    expect(options()).toEqual([
      'Mystery boxMoonlit Forest Blind BoxMystery box from Moonlit Forest · $15.99',
      'FigureMoonlit BunnySoft vinyl, 12 cm',
    ]);
    await userEvent.clear(input());
    await typeQuery('authentcity');
    expect(options()).toEqual(['RulesAuthenticityHow we check every figure.']);
  });

  it('moves through the results with the arrow keys and opens the highlighted one with Enter', async () => {
    requestMock.mockResolvedValue(ENTRIES);
    const { router, onClose } = renderOverlay();
    await typeQuery('vinyl');
    await waitFor(() => expect(options()).toHaveLength(3));
    const all = screen.getAllByRole('option');
    expect(input()).not.toHaveAttribute('aria-activedescendant');

    await userEvent.keyboard('{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', all[0]!.id);
    expect(all[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input()).toHaveAttribute('aria-activedescendant', all[0]!.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(input()).toHaveAttribute('aria-activedescendant', all[2]!.id);
    expect(all[2]).toHaveAttribute('aria-selected', 'true');
    expect(all[0]).toHaveAttribute('aria-selected', 'false');
    expect(input()).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe(all[2]!.dataset.path);
  });

  it('opens the best result with Enter when none is highlighted, and a clicked one', async () => {
    requestMock.mockResolvedValue(ENTRIES);
    const { router } = renderOverlay();
    await typeQuery('bunny{Enter}');
    expect(router.state.location.pathname).toBe('/gallery/style/detail/moonlit-bunny');
    await userEvent.clear(input());
    await typeQuery('caring');
    await userEvent.click(screen.getByRole('option', { name: /Caring for vinyl/ }));
    expect(router.state.location.pathname).toBe('/blog/caring-for-vinyl');
  });

  it('closes on Escape', async () => {
    requestMock.mockResolvedValue(ENTRIES);
    const { onClose } = renderOverlay();
    await typeQuery('vinyl{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says so when nothing matches', async () => {
    requestMock.mockResolvedValue(ENTRIES);
    renderOverlay();
    await typeQuery('  labubu ');
    expect(await screen.findByText('No results for “labubu”. Try fewer or other words.')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('searches nothing, and says search is unavailable, when the data cannot be loaded', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    requestMock.mockRejectedValue(new HttpError('Could not reach the server', 0, '/api/search.json'));
    renderOverlay();
    await typeQuery('vinyl');
    expect(
      await screen.findByText('Search is not available right now. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/No results/)).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/api/search.json could not be loaded'));
    warn.mockRestore();
  });

  it('treats an HTML page in place of the data as no data', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    requestMock.mockResolvedValue('<!doctype html><html><body>Bad gateway</body></html>');
    renderOverlay();
    await typeQuery('vinyl');
    expect(
      await screen.findByText('Search is not available right now. Please try again later.'),
    ).toBeInTheDocument();
    warn.mockRestore();
  });

  it('shows nothing for a blank query', async () => {
    requestMock.mockResolvedValue(ENTRIES);
    renderOverlay();
    await typeQuery('   ');
    await waitFor(() => expect(requestMock).toHaveBeenCalled());
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.queryByText(/No results|not available/)).not.toBeInTheDocument();
  });

  it('opens again with the previous query selected, so typing replaces it', async () => {
    requestMock.mockResolvedValue(ENTRIES);
    renderHost();
    expect(input()).toHaveFocus();
    await typeQuery('vinyl');
    await waitFor(() => expect(options()).toHaveLength(3));
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open search' }));
    expect(input()).toHaveFocus();
    expect(input().value).toBe('vinyl');
    expect([input().selectionStart, input().selectionEnd]).toEqual([0, 'vinyl'.length]);
    // The previous results are back, none highlighted.
    expect(options()).toHaveLength(3);
    expect(input()).not.toHaveAttribute('aria-activedescendant');

    await userEvent.keyboard('moonlit');
    expect(input().value).toBe('moonlit');
    expect(options().map((text) => text.split('Moonlit')[0])).toEqual(['Mystery box', 'Figure']);
  });

  it('opens with an empty field the first time', async () => {
    requestMock.mockResolvedValue(ENTRIES);
    renderHost();
    expect(input().value).toBe('');
    expect(input()).toHaveFocus();
  });

  it('shows a decorative, lazily loaded thumbnail where a result has a picture, and a blank square where it has none', async () => {
    requestMock.mockResolvedValue(ENTRIES);
    renderOverlay();
    await typeQuery('moonlit');
    await waitFor(() => expect(options()).toHaveLength(2));
    for (const option of screen.getAllByRole('option')) {
      const thumbnail = option.querySelector('img');
      expect(thumbnail).toHaveAttribute('src', '/api/figures/moonlit-bunny/art.svg?v=2');
      expect(thumbnail).toHaveAttribute('alt', '');
      expect(thumbnail).toHaveAttribute('width', '48');
      expect(thumbnail).toHaveAttribute('height', '48');
      expect(thumbnail).toHaveAttribute('loading', 'lazy');
    }
    // The picture adds nothing to what the option says.
    expect(screen.getByRole('option', { name: /Moonlit Forest Blind Box/ })).toHaveTextContent(
      'Mystery boxMoonlit Forest Blind BoxMystery box from Moonlit Forest · $15.99',
    );

    await userEvent.clear(input());
    await typeQuery('authenticity');
    const [rules] = screen.getAllByRole('option');
    expect(rules?.querySelector('img')).toBeNull();
    expect(rules?.querySelector('.search-overlay__thumb')).toHaveAttribute('aria-hidden', 'true');
  });

  it('opens a mystery box result on its page', async () => {
    requestMock.mockResolvedValue(ENTRIES);
    const { router } = renderOverlay();
    await typeQuery('blind box');
    await userEvent.click(await screen.findByRole('option', { name: /Moonlit Forest Blind Box/ }));
    expect(router.state.location.pathname).toBe('/mysterybox/3');
  });

  it('closes from its close button', async () => {
    requestMock.mockResolvedValue([]);
    const { onClose } = renderOverlay();
    await userEvent.click(screen.getByRole('button', { name: 'Close search' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
