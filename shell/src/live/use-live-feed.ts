/**
 * The live feed in the browser: the latest events from /api/feed/recent, then an EventSource on
 * /api/feed from the newest of them. The browser reconnects a dropped stream by itself, sending
 * Last-Event-ID, so nothing is missed; a stream the server refused (too many from this address, a
 * server restarting) is closed for good by the browser, so it is opened again here, after a pause
 * that grows, from the newest event held. Reads and streams in effects only: the server renders the
 * events it was given.
 */
import { useEffect, useState } from 'react';
import { type FeedEvent, mergeEvents, readFeedEvent } from './feed-event';

/** `recent`: the latest events the page was served with, before the stream is open. */
export type LiveStatus = 'recent' | 'connecting' | 'live' | 'reconnecting';

export interface LiveFeed {
  /** Newest first, at most LIVE_FEED_MAX. */
  events: FeedEvent[];
  status: LiveStatus;
  /** The newest event that arrived on the stream (for the live region); null before any. */
  latest: FeedEvent | null;
}

export const RECENT_URL = '/api/feed/recent';
export const STREAM_URL = '/api/feed';
const REOPEN_DELAYS_MS = [2_000, 5_000, 15_000, 30_000];

/** The latest events, newest first; empty when they cannot be read (the stream's backlog fills in). */
export async function readRecent(signal?: AbortSignal): Promise<FeedEvent[] | null> {
  try {
    const response = await fetch(RECENT_URL, { signal, headers: { accept: 'application/json' } });
    if (!response.ok) return null;
    return recentEventsOf(await response.json());
  } catch {
    return null;
  }
}

/** The latest events in an answer of /api/feed/recent, newest first; null when it is not one. */
export function recentEventsOf(body: unknown): FeedEvent[] | null {
  const items = typeof body === 'object' && body !== null ? (body as { items?: unknown }).items : undefined;
  if (!Array.isArray(items)) return null;
  return mergeEvents(
    [],
    items.map(readFeedEvent).filter((event): event is FeedEvent => event !== null),
  );
}

/**
 * The feed, starting from `served` (the latest events the page was served with, in the server's
 * render and the browser's hydrating render alike): with them the stream opens from the newest,
 * without reading them again; without them they are read first.
 */
export function useLiveFeed(served: FeedEvent[] | null = null): LiveFeed {
  const [initial] = useState(served);
  const [state, setState] = useState<LiveFeed>(() =>
    initial
      ? { events: initial, status: 'recent', latest: null }
      : { events: [], status: 'connecting', latest: null },
  );

  useEffect(() => {
    const controller = new AbortController();
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    /** The newest id held: where a reopened stream starts. Null: none read yet (the stream sends the latest). */
    let lastId: number | null = null;

    const onEvent = (message: MessageEvent<string>) => {
      let event: FeedEvent | null;
      try {
        event = readFeedEvent(JSON.parse(message.data));
      } catch {
        event = null;
      }
      if (!event) return;
      const arrived = event;
      lastId = Math.max(lastId ?? 0, arrived.id);
      setState((current) => ({
        status: 'live',
        events: mergeEvents(current.events, [arrived]),
        latest: arrived,
      }));
    };

    const open = () => {
      if (controller.signal.aborted || typeof EventSource === 'undefined') return;
      const next = new EventSource(lastId === null ? STREAM_URL : `${STREAM_URL}?lastEventId=${lastId}`);
      source = next;
      next.addEventListener('pull', onEvent as EventListener);
      next.addEventListener('sale', onEvent as EventListener);
      next.addEventListener('open', () => {
        failures = 0;
        setState((current) => ({ ...current, status: 'live' }));
      });
      next.addEventListener('error', () => {
        setState((current) => ({ ...current, status: 'reconnecting' }));
        if (next.readyState !== EventSource.CLOSED || controller.signal.aborted) return;
        // Refused or not an event stream: the browser gave up on this one.
        const delay = REOPEN_DELAYS_MS[Math.min(failures++, REOPEN_DELAYS_MS.length - 1)];
        timer = setTimeout(open, delay);
      });
    };

    if (initial) {
      lastId = initial[0]?.id ?? 0;
      open();
    } else {
      void readRecent(controller.signal).then((recent) => {
        if (controller.signal.aborted) return;
        if (recent) {
          lastId = recent[0]?.id ?? 0;
          setState((current) => ({ ...current, events: mergeEvents(current.events, recent) }));
        }
        open();
      });
    }
    return () => {
      controller.abort();
      clearTimeout(timer);
      source?.close();
    };
  }, [initial]);

  return state;
}
