/**
 * /live: the live room. Pulls and market sales as they happen, newest first, pushed by the API
 * (server-sent events); secrets pulled stand out. Rendered on the server with the latest events (its
 * first read), so a visitor without JavaScript and a crawler see them; the browser then opens the
 * stream from the newest of them for the ones that follow.
 */
import type { ReactNode } from 'react';
import { usePageData, usePageHead } from '@arttoy/shared/federation/page-data';
import { sentenceOf } from '../live/feed-event';
import { FeedList } from '../live/feed-list';
import { RECENT_URL, recentEventsOf, useLiveFeed } from '../live/use-live-feed';

const STATUS_TEXT = {
  recent: 'Latest events',
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
} as const;

/** The server renders times in UTC; the browser's first render must write the same text. */
const TIME_ZONE = 'UTC';

export function LivePage(): ReactNode {
  usePageHead({
    title: 'Live room',
    description: 'Mystery box pulls and market sales on ArtToy Club, as they happen.',
  });
  const served = usePageData(RECENT_URL);
  const { events, status, latest } = useLiveFeed(served === undefined ? null : recentEventsOf(served));
  return (
    <article className="live-room" data-route="live" data-owner="shell">
      <h1>Live room</h1>
      <p>
        Every box opened and every figure sold between collectors, as it happens. Secrets pulled are
        highlighted.
      </p>
      <p className={`live-room__status live-room__status--${status}`} role="status">
        {STATUS_TEXT[status]}
      </p>
      {/* Announces each new event politely; the list itself is not a live region (100 items). */}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {latest ? sentenceOf(latest) : ''}
      </p>
      {events.length === 0 ? (
        status === 'connecting' ? null : (
          <p className="live-room__empty">Nothing yet: pulls and sales show here the moment they happen.</p>
        )
      ) : (
        <FeedList events={events} timeZone={TIME_ZONE} />
      )}
    </article>
  );
}
