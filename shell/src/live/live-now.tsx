/**
 * The home page's "Live now": the latest few events of the live room, kept up to date from the same
 * live feed the /live page follows, with a link to /live. The home page is rendered on the server;
 * this reads in the browser after hydration, so the server's render (and its first reads) do not
 * wait for it, and shows nothing until it has events.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FeedList } from './feed-list';
import { useLiveFeed } from './use-live-feed';

export const LIVE_NOW_COUNT = 5;

export function LiveNow(): ReactNode {
  const events = useLiveFeed().events.slice(0, LIVE_NOW_COUNT);
  if (events.length === 0) return null;
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
