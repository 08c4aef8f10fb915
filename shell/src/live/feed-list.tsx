/** The live room's events as a list, newest first: the /live page shows them all, home the latest few. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatPrice } from '@arttoy/shared/contracts';
import { type FeedEvent, whoOf } from './feed-event';
import './live.css';

function FeedItem({ event, timeZone }: { event: FeedEvent; timeZone?: string }): ReactNode {
  const secret = event.figure.rarity === 'secret';
  return (
    <li
      className={`live-feed__item${secret ? ' live-feed__item--secret' : ''}`}
      data-kind={event.kind}
      data-rarity={event.figure.rarity}
    >
      <span className="live-feed__who">{whoOf(event)}</span> {event.kind === 'pull' ? 'pulled' : 'bought'}{' '}
      {event.figure.hidden ? (
        // A secret not yet revealed has no page of its own.
        <span className="live-feed__figure">{event.figure.name}</span>
      ) : (
        <Link className="live-feed__figure" to={`/gallery/style/detail/${event.figure.slug}`}>
          {event.figure.name}
        </Link>
      )}
      {secret ? (
        <strong className="live-feed__rarity"> Secret</strong>
      ) : (
        <span className="live-feed__rarity"> Regular</span>
      )}
      <span className="live-feed__where">
        {event.kind === 'pull' ? (
          <>
            {event.boxName ? ` from ${event.boxName}` : ''} ·{' '}
            {event.drawPublicId ? (
              <Link to={`/mysterybox/test?draw=${encodeURIComponent(event.drawPublicId)}`}>
                check the draw
              </Link>
            ) : null}
          </>
        ) : event.price ? (
          ` for ${formatPrice(event.price)}`
        ) : null}
      </span>{' '}
      <time className="live-feed__time" dateTime={event.at}>
        {formatDateTime(event.at, timeZone)}
      </time>
    </li>
  );
}

/** `timeZone`: the times' zone (UTC on a page the server renders); the visitor's by default. */
export function FeedList({
  events,
  timeZone,
}: {
  events: readonly FeedEvent[];
  timeZone?: string;
}): ReactNode {
  return (
    <ol className="live-feed" reversed>
      {events.map((event) => (
        <FeedItem key={event.id} event={event} timeZone={timeZone} />
      ))}
    </ol>
  );
}
