import type { ReactNode } from 'react';
import { PrefetchLink } from '../federation/prefetch-link';
import { FEATURED_SERIES, LATEST_BOXES, LATEST_POSTS } from './home-content';
import { SeriesArt } from './series-art';

/** The landing page; also answers the marketing aliases. */
export function HomePage(): ReactNode {
  return (
    <article className="home">
      <section className="home__hero">
        <h1>Art toys, drawn fairly.</h1>
        <p>Browse designs by style and series, open a mystery box with published odds, and keep what you own in your locker.</p>
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
        <ul className="card-grid">
          {FEATURED_SERIES.map((series) => (
            <li key={series.slug} className="card">
              <SeriesArt name={series.name} />
              <h3>
                <PrefetchLink to={`/gallery/series/${series.slug}`}>{series.name}</PrefetchLink>
              </h3>
              <p className="card__meta">{series.style}</p>
              <p>{series.blurb}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="home__section" aria-labelledby="latest-boxes">
        <h2 id="latest-boxes">Latest boxes</h2>
        <ul className="card-grid">
          {LATEST_BOXES.map((box) => (
            <li key={box.id} className="card">
              <h3>
                <PrefetchLink to={`/mysterybox/${box.id}`}>{box.name}</PrefetchLink>
              </h3>
              <p className="card__price">{box.price}</p>
              <p className="card__meta">{box.odds}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="home__section" aria-labelledby="latest-posts">
        <h2 id="latest-posts">From the blog</h2>
        <ul className="card-grid">
          {LATEST_POSTS.map((post) => (
            <li key={post.id} className="card">
              <h3>
                <PrefetchLink to={`/blog/${post.id}`}>{post.title}</PrefetchLink>
              </h3>
              <p>{post.summary}</p>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
