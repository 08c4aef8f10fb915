import { Link, useSearchParams } from 'react-router';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { Pagination } from '@arttoy/shared/ui';
import { seriesList, styleList, usePrefetch } from '../api/catalogue';
import { SeriesCard, StyleCard } from '../components/cards';
import { CardsLoading, Empty, LoadError } from '../components/load-state';
import { galleryPaths } from '../paths';
import { PAGE_TITLES } from '../titles';
import { pageFromSearch } from './page-number';
import { usePageQuery } from '@arttoy/shared/query';

/** Six: a full row of cards on a wide screen (six columns at the content width), or two or three on smaller ones. */
const SERIES_PER_PAGE = 6;

/** /gallery: styles, featured and newest series, and every series page by page (`?page=`). */
export function GalleryPage() {
  const [search] = useSearchParams();
  const requested = pageFromSearch(search);
  const page = requested ?? 1;
  usePageHead({ title: PAGE_TITLES.gallery });
  return (
    <article className="gallery-page" data-route="gallery" data-owner="mf_gallery">
      <header className="gallery-page__head">
        <h1>{PAGE_TITLES.gallery}</h1>
        <p className="gallery-page__lead">
          Every design in the club, by style and by series. Open a series to see its full line-up, its secret
          figure and the odds of its box.
        </p>
      </header>
      <StylesSection />
      <SeriesRow
        title="Featured: boxes on sale now"
        id="featured"
        read={seriesList({ onSale: 'true', pageSize: SERIES_PER_PAGE })}
      />
      <SeriesRow
        title="Newest series"
        id="newest"
        read={seriesList({ sort: 'newest', pageSize: SERIES_PER_PAGE })}
      />
      <AllSeries page={page} invalidPage={requested === null ? search.get('page') : null} />
    </article>
  );
}

function StylesSection() {
  const styles = usePageQuery(styleList());
  return (
    <section aria-labelledby="styles-heading" className="gallery-section">
      <h2 id="styles-heading">Styles</h2>
      {styles.status === 'pending' ? <CardsLoading label="Loading the styles" count={5} /> : null}
      {styles.status === 'error' ? (
        <LoadError what="The styles" error={styles.error} onRetry={styles.retry} />
      ) : null}
      {styles.status === 'success' && styles.data.items.length === 0 ? (
        <Empty>No styles yet. New designs arrive soon.</Empty>
      ) : null}
      {styles.status === 'success' && styles.data.items.length > 0 ? (
        <ul className="gallery-grid">
          {styles.data.items.map((style, index) => (
            <StyleCard key={style.id} style={style} eager={index < 4} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function SeriesRow({ title, id, read }: { title: string; id: string; read: ReturnType<typeof seriesList> }) {
  const series = usePageQuery(read);
  return (
    <section aria-labelledby={`${id}-heading`} className="gallery-section">
      <h2 id={`${id}-heading`}>{title}</h2>
      {series.status === 'pending' ? (
        <CardsLoading label={`Loading: ${title}`} count={SERIES_PER_PAGE} />
      ) : null}
      {series.status === 'error' ? (
        <LoadError what={title} error={series.error} onRetry={series.retry} />
      ) : null}
      {series.status === 'success' && series.data.items.length === 0 ? (
        <Empty>Nothing here right now. Browse every series below.</Empty>
      ) : null}
      {series.status === 'success' && series.data.items.length > 0 ? (
        <ul className="gallery-grid">
          {series.data.items.map((item) => (
            <SeriesCard key={item.id} series={item} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function AllSeries({ page, invalidPage }: { page: number; invalidPage: string | null }) {
  const series = usePageQuery(seriesList({ page, pageSize: SERIES_PER_PAGE }));
  const totalPages = series.status === 'success' ? series.data.totalPages : 0;
  // The next page is the likely next click: read it ahead.
  usePrefetch(page < totalPages ? seriesList({ page: page + 1, pageSize: SERIES_PER_PAGE }) : null);
  return (
    <section aria-labelledby="all-series-heading" className="gallery-section">
      <h2 id="all-series-heading">All series</h2>
      {invalidPage !== null ? (
        <p className="gallery-notice" role="status">
          “{invalidPage}” is not a page number, so this is the first page.
        </p>
      ) : null}
      {series.status === 'pending' ? (
        <CardsLoading label="Loading the series" count={SERIES_PER_PAGE} />
      ) : null}
      {series.status === 'error' ? (
        <LoadError what="The series" error={series.error} onRetry={series.retry} />
      ) : null}
      {series.status === 'success' && series.data.items.length === 0 ? (
        <Empty>
          {page > 1 ? (
            <>
              There is no page {page}. <Link to={galleryPaths.landing()}>Back to the first page</Link>
            </>
          ) : (
            'No series yet. New designs arrive soon.'
          )}
        </Empty>
      ) : null}
      {series.status === 'success' && series.data.items.length > 0 ? (
        <>
          <ul className="gallery-grid">
            {series.data.items.map((item) => (
              <SeriesCard key={item.id} series={item} />
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={totalPages}
            hrefFor={(target) => galleryPaths.landing(target)}
            Link={Link}
            label="Series pages"
          />
        </>
      ) : null}
    </section>
  );
}
