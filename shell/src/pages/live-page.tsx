/**
 * /live: the live room. Pulls and market sales as they happen, newest first, pushed by the API
 * (server-sent events); secrets pulled stand out. Rendered on the server as its frame ("Connecting…");
 * the browser reads the events after hydration and keeps the stream open.
 */
import type { ReactNode } from 'react';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { sentenceOf } from '../live/feed-event';
import { FeedList } from '../live/feed-list';
import { useLiveFeed } from '../live/use-live-feed';

const STATUS_TEXT = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…' } as const;

export function LivePage(): ReactNode {
  usePageHead({
    title: 'Live room',
    description: 'Mystery box pulls and market sales on ArtToy Club, as they happen.',
  });
  const { events, status, latest } = useLiveFeed();
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
        <FeedList events={events} />
      )}
    </article>
  );
}
