import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PageDataProvider } from '@arttoy/shared/federation/page-data';
import type { FeedEvent } from '../live/feed-event';
import { LIVE_FEED_MAX } from '../live/feed-event';
import { FakeEventSource } from '../live/fake-event-source';
import { LivePage } from './live-page';

const event = (id: number, overrides: Partial<FeedEvent> = {}): FeedEvent => ({
  id,
  kind: 'pull',
  at: '2026-11-26T10:00:00.000Z',
  handle: null,
  figure: { id: 1, slug: 'moon-rabbit', name: `Figure ${id}`, rarity: 'regular', seriesName: 'Night' },
  boxName: 'Night Box',
  // A collector who did not let the live room show them: no handle, no proof link.
  drawPublicId: null,
  price: null,
  ...overrides,
});

function renderLive(recent: FeedEvent[] | 'fails', served?: FeedEvent[]) {
  globalThis.fetch = jest.fn(async () =>
    recent === 'fails'
      ? new Response('{}', { status: 503 })
      : new Response(JSON.stringify({ items: recent }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
  ) as typeof fetch;
  const router = createMemoryRouter([{ path: '/live', element: <LivePage /> }], {
    initialEntries: ['/live'],
  });
  const page = <RouterProvider router={router} />;
  render(
    served ? (
      <PageDataProvider data={{ '/api/feed/recent': { items: served } }}>{page}</PageDataProvider>
    ) : (
      page
    ),
  );
}

const source = () => FakeEventSource.opened.at(-1)!;
const items = () => within(screen.getByRole('list')).getAllByRole('listitem');

describe('the live room', () => {
  const saved = { fetch: globalThis.fetch, EventSource: globalThis.EventSource };
  beforeEach(() => {
    FakeEventSource.opened = [];
    globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
  });
  afterEach(() => {
    jest.useRealTimers();
    Object.assign(globalThis, saved);
  });

  it('shows the latest events, then streams from the newest of them, newest first', async () => {
    renderLive([event(2), event(1)]);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(source().url).toBe('/api/feed?lastEventId=2');
    act(() => source().open());
    act(() =>
      source().send(
        event(3, {
          handle: 'mika',
          drawPublicId: 'draw3_________________',
          figure: { id: 2, slug: 'star-cat', name: 'Star Cat', rarity: 'secret', seriesName: 'Night' },
        }),
      ),
    );
    expect(items().map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^mika pulled Star Cat Secret from Night Box · check the draw/),
      expect.stringMatching(/^a collector pulled Figure 2 Regular/),
      expect.stringMatching(/^a collector pulled Figure 1 Regular/),
    ]);
    expect(items()[0]).toHaveClass('live-feed__item--secret');
    expect(within(items()[0]!).getByRole('link', { name: 'check the draw' })).toHaveAttribute(
      'href',
      '/mysterybox/test?draw=draw3_________________',
    );
    expect(within(items()[1]!).queryByRole('link', { name: 'check the draw' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Live');
  });

  it('shows the events the page was served with at once, not "Connecting…", and streams from the newest without reading them again', async () => {
    renderLive([event(9)], [event(4), event(3)]);
    expect(screen.getByRole('status')).toHaveTextContent('Latest events');
    expect(items().map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^a collector pulled Figure 4 Regular/),
      expect.stringMatching(/^a collector pulled Figure 3 Regular/),
    ]);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(source().url).toBe('/api/feed?lastEventId=4');
    expect(globalThis.fetch).not.toHaveBeenCalled();
    act(() => source().open());
    act(() => source().send(event(5)));
    expect(items()[0]).toHaveTextContent('Figure 5');
    expect(screen.getByRole('status')).toHaveTextContent('Live');
  });

  it('announces each new event politely, once', async () => {
    renderLive([]);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    act(() => source().open());
    act(() =>
      source().send(
        event(5, {
          kind: 'sale',
          handle: 'rin',
          boxName: null,
          drawPublicId: null,
          price: { amountMinor: 2500, currency: 'USD' },
        }),
      ),
    );
    act(() =>
      source().send(
        event(5, {
          kind: 'sale',
          handle: 'rin',
          boxName: null,
          drawPublicId: null,
          price: { amountMinor: 2500, currency: 'USD' },
        }),
      ),
    );
    const announcer = document.querySelector('[aria-live="polite"]')!;
    expect(announcer).toHaveTextContent('rin bought Figure 5');
    expect(items()).toHaveLength(1);
    expect(items()[0]).toHaveTextContent(/for \$25\.00/);
  });

  it('keeps at most 100 events', async () => {
    renderLive([]);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    act(() => {
      for (let id = 1; id <= LIVE_FEED_MAX + 20; id += 1) source().send(event(id));
    });
    expect(items()).toHaveLength(LIVE_FEED_MAX);
    expect(items()[0]).toHaveTextContent(`Figure ${LIVE_FEED_MAX + 20}`);
  });

  it('says when nothing has happened yet, and when it is reconnecting', async () => {
    renderLive([]);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    act(() => source().open());
    expect(screen.getByText(/Nothing yet/)).toBeInTheDocument();
    act(() => source().fail(false));
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…');
    // The browser reconnects by itself: no new EventSource.
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('opens the stream again, from the newest event held, when the server refused it', async () => {
    jest.useFakeTimers();
    renderLive('fails');
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(source().url).toBe('/api/feed');
    act(() => source().send(event(7)));
    act(() => source().fail(true));
    expect(FakeEventSource.opened).toHaveLength(1);
    act(() => jest.advanceTimersByTime(2_000));
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(source().url).toBe('/api/feed?lastEventId=7');
  });

  it('ignores a message that is not a feed event', async () => {
    renderLive([]);
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    act(() => source().dispatchEvent(new MessageEvent('pull', { data: '{"id":"x"}' })));
    act(() => source().dispatchEvent(new MessageEvent('pull', { data: 'not json' })));
    act(() => source().open());
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
