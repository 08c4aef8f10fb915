/**
 * The home page's "Live now": the latest few events of the live room, with a link to /live. The
 * home page is rendered on the server; this reads in the browser after hydration, so the server's
 * render (and its first reads) do not wait for it, and shows nothing until it has events.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { FeedEvent } from './feed-event';
import { FeedList } from './feed-list';
import { readRecent } from './use-live-feed';

export const LIVE_NOW_COUNT = 5;

export function LiveNow(): ReactNode {
  const [events, setEvents] = useState<FeedEvent[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void readRecent(controller.signal).then((recent) => {
      if (!controller.signal.aborted) setEvents(recent ? recent.slice(0, LIVE_NOW_COUNT) : []);
    });
    return () => controller.abort();
  }, []);
  if (!events || events.length === 0) return null;
  return (
    <section className="home__section" aria-labelledby="live-now">
      <h2 id="live-now">Live now</h2>
      <FeedList events={events} />
      <p>
        <Link to="/live">Watch the live room</Link>
      </p>
    </section>
  );
}
