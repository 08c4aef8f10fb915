import { act, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { FeedEvent } from './feed-event';
import { FakeEventSource } from './fake-event-source';
import { LiveNow } from './live-now';

const event = (id: number): FeedEvent => ({
  id,
  kind: 'sale',
  at: '2026-11-26T10:00:00.000Z',
  handle: id % 2 ? 'mika' : null,
  figure: { id, slug: `figure-${id}`, name: `Figure ${id}`, rarity: 'regular', seriesName: 'Night' },
  boxName: null,
  drawPublicId: null,
  price: { amountMinor: 1000 + id, currency: 'USD' },
});

const routerWith = () => createMemoryRouter([{ path: '/', element: <LiveNow /> }], { initialEntries: ['/'] });

describe("home's Live now", () => {
  const saved = { fetch: globalThis.fetch, EventSource: globalThis.EventSource };
  beforeEach(() => {
    FakeEventSource.opened = [];
    globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
  });
  afterEach(() => Object.assign(globalThis, saved));
  const answer = (body: unknown, status = 200) =>
    (globalThis.fetch = jest.fn(async () => new Response(JSON.stringify(body), { status })) as typeof fetch);

  it('shows the latest five events, read in the browser, with a link to the live room', async () => {
    answer({ items: [7, 6, 5, 4, 3, 2, 1].map(event) });
    render(<RouterProvider router={routerWith()} />);
    const section = await screen.findByRole('region', { name: 'Live now' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([7, 6, 5, 4, 3].map((id) => expect.stringContaining(`Figure ${id}`)));
    expect(within(section).getByRole('link', { name: 'Watch the live room' })).toHaveAttribute(
      'href',
      '/live',
    );
    expect(globalThis.fetch).toHaveBeenCalledWith('/api/feed/recent', expect.anything());
  });

  it('names a hidden secret as the API does, without a link to the page it does not have', async () => {
    const hidden = event(8);
    answer({
      items: [
        {
          ...hidden,
          figure: {
            id: 8,
            slug: 'night-secret',
            name: 'Secret figure',
            rarity: 'secret',
            seriesName: 'Night',
            hidden: true,
          },
        },
        event(7),
      ],
    });
    render(<RouterProvider router={routerWith()} />);
    const section = await screen.findByRole('region', { name: 'Live now' });
    const [secret, regular] = within(section).getAllByRole('listitem');
    expect(secret).toHaveTextContent('Secret figure');
    expect(within(secret!).queryByRole('link', { name: 'Secret figure' })).not.toBeInTheDocument();
    expect(within(regular!).getByRole('link', { name: 'Figure 7' })).toHaveAttribute(
      'href',
      '/gallery/style/detail/figure-7',
    );
  });

  it('renders nothing on the server, and nothing when there is nothing to show or the read fails', async () => {
    answer({ items: [] });
    expect(renderToString(<RouterProvider router={routerWith()} />)).not.toContain('Live now');
    render(<RouterProvider router={routerWith()} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('region', { name: 'Live now' })).not.toBeInTheDocument();
    answer({ error: {} }, 503);
    render(<RouterProvider router={routerWith()} />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('region', { name: 'Live now' })).not.toBeInTheDocument();
  });

  it('updates as events arrive on the live feed the live room follows', async () => {
    answer({ items: [2, 1].map(event) });
    render(<RouterProvider router={routerWith()} />);
    const section = await screen.findByRole('region', { name: 'Live now' });
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe('/api/feed?lastEventId=2');
    act(() => source.open());
    act(() => source.send(event(3)));
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([3, 2, 1].map((id) => expect.stringContaining(`Figure ${id}`)));
    for (const id of [4, 5, 6]) act(() => source.send(event(id)));
    expect(within(section).getAllByRole('listitem')).toHaveLength(5);
    expect(within(section).getAllByRole('listitem')[0]).toHaveTextContent('Figure 6');
  });
});
