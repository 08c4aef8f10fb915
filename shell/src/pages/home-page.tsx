import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The landing page; also answers the marketing aliases. Featured content arrives with the gallery, box and blog features. */
export function HomePage(): ReactNode {
  return (
    <article className="home">
      <section className="home__hero">
        <h1>Art toys, drawn fairly.</h1>
        <p>Browse designs by style and series, open a mystery box with published odds, and keep what you own in your locker.</p>
        <div className="home__actions">
          <Link className="ui-button ui-button--primary" to="/mysterybox">
            Open a mystery box
          </Link>
          <Link className="ui-button ui-button--secondary" to="/gallery">
            Explore the gallery
          </Link>
        </div>
      </section>
    </article>
  );
}
