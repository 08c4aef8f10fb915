import type { ReactNode } from 'react';
import { formatCount, formatDate, formatPrice } from '@arttoy/shared/contracts';
import { Skeleton } from '@arttoy/shared/ui';
import { PrefetchLink } from '../federation/prefetch-link';
import { LiveNow } from '../live/live-now';
import {
  HOME_READS,
  homeBoxesSchema,
  homePostsSchema,
  homeSeriesSchema,
  useHomeAnswer,
  type HomeAnswer,
} from './home-data';

/** A section's body for its answer: the cards, a loading placeholder, an empty note, or a retry. */
function SectionBody<T extends { items: unknown[] }>({
  answer,
  label,
  empty,
  children,
}: {
  answer: HomeAnswer<T>;
  label: string;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}): ReactNode {
  if (answer.status === 'loading') return <Skeleton variant="cards" lines={3} label={`Loading ${label}`} />;
  if (answer.status === 'failed') {
    return (
      <p className="home__problem" role="alert">
        The {label} could not be loaded.{' '}
        <button type="button" className="ui-button ui-button--secondary" onClick={answer.retry}>
          Try again
        </button>
      </p>
    );
  }
  return answer.data.items.length === 0 ? <p className="home__empty">{empty}</p> : children(answer.data);
}

function FeaturedSeries(): ReactNode {
  const answer = useHomeAnswer(HOME_READS.series, homeSeriesSchema);
  return (
    <SectionBody
      answer={answer}
      label="featured series"
      empty="New series are on their way: look around the gallery meanwhile."
    >
      {({ items }) => (
        <ul className="card-grid">
          {items.map((series, index) => (
            <li key={series.slug} className="card">
              {series.coverArtUrl ? (
                <img
                  className="card__art"
                  src={series.coverArtUrl}
                  alt=""
                  width={160}
                  height={160}
                  loading={index < 4 ? 'eager' : 'lazy'}
                  decoding="async"
                />
              ) : null}
              <h3>
                <PrefetchLink to={`/gallery/series/${series.slug}`}>{series.name}</PrefetchLink>
              </h3>
              <p className="card__meta">
                {series.style.name} · {series.figureCount} figures
              </p>
              <p>{series.description}</p>
            </li>
          ))}
        </ul>
      )}
    </SectionBody>
  );
}

function LatestBoxes(): ReactNode {
  const answer = useHomeAnswer(HOME_READS.boxes, homeBoxesSchema);
  return (
    <SectionBody
      answer={answer}
      label="boxes"
      empty="No box is on sale right now. New drops are announced on the blog."
    >
      {({ items }) => (
        <ul className="card-grid">
          {items.map((box) => (
            <li key={box.id} className="card">
              <img
                className="card__art"
                src={box.artUrl}
                alt={`${box.name} packaging`}
                width={160}
                height={160}
                loading="lazy"
                decoding="async"
              />
              <h3>
                <PrefetchLink to={`/mysterybox/${box.id}`}>{box.name}</PrefetchLink>
              </h3>
              <p className="card__price" data-price={box.price.amountMinor}>
                {formatPrice(box.price)}
              </p>
              <p className="card__meta">
                {box.series.name} · {box.stock > 0 ? `${formatCount(box.stock)} left` : 'Sold out'}
              </p>
              {box.stock > 0 ? (
                <PrefetchLink
                  className="ui-button ui-button--primary card__action"
                  to={`/mysterybox/${box.id}`}
                  aria-label={`Buy ${box.name}`}
                >
                  Buy
                </PrefetchLink>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </SectionBody>
  );
}

function LatestPosts(): ReactNode {
  const answer = useHomeAnswer(HOME_READS.posts, homePostsSchema);
  return (
    <SectionBody answer={answer} label="posts" empty="No posts yet.">
      {({ items }) => (
        <ul className="card-grid">
          {items.map((post) => (
            <li key={post._path} className="card">
              <h3>
                <PrefetchLink to={post._path}>{post.title}</PrefetchLink>
              </h3>
              <p className="card__meta">
                <time dateTime={post.date}>{formatDate(post.date)}</time>
              </p>
              <p>{post.description}</p>
            </li>
          ))}
        </ul>
      )}
    </SectionBody>
  );
}

/** The landing page; also answers the marketing aliases. Its sections show the live catalogue and blog. */
export function HomePage(): ReactNode {
  return (
    <article className="home">
      <section className="home__hero">
        <h1>Art toys, drawn fairly.</h1>
        <p>
          Browse designs by style and series, open a mystery box with published odds, and keep what you own in
          your locker.
        </p>
        <div className="home__actions">
          <PrefetchLink className="ui-button ui-button--primary" to="/mysterybox">
            Open a mystery box
          </PrefetchLink>
          <PrefetchLink className="ui-button ui-button--secondary" to="/gallery">
            Explore the gallery
          </PrefetchLink>
        </div>
      </section>

      <section className="home__section" aria-labelledby="featured-series">
        <h2 id="featured-series">Featured series</h2>
        <FeaturedSeries />
      </section>

      <section className="home__section" aria-labelledby="latest-boxes">
        <h2 id="latest-boxes">Boxes on sale</h2>
        <LatestBoxes />
      </section>

      <LiveNow />

      <section className="home__section" aria-labelledby="latest-posts">
        <h2 id="latest-posts">From the blog</h2>
        <LatestPosts />
      </section>
    </article>
  );
}
