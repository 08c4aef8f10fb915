import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { FIGURE_RARITIES, FIGURE_SORTS, type StyleDetail } from '@arttoy/shared/contracts/api';
import { HttpError } from '@arttoy/shared/http';
import { Pagination, Skeleton } from '@arttoy/shared/ui';
import { figureList, styleDetail, usePrefetch } from '../api/catalogue';
import { FigureCard, SeriesCard } from '../components/cards';
import { CardsLoading, Empty, LoadError } from '../components/load-state';
import { galleryPaths } from '../paths';
import { useReportNotFound } from '@arttoy/shared/federation/remote';
import { PAGE_TITLES } from '../titles';
import { parseStyleQuery, SORT_LABELS, styleSearch, type StyleQuery } from './style-query';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { breadcrumbList } from '@arttoy/shared/seo';
import { usePageQuery } from '@arttoy/shared/query';

const FIGURES_PER_PAGE = 12;

/** /gallery/style/{style}: the style's series and its figures, sorted and filtered from the URL. */
export function StylePage() {
  const slug = useParams().style ?? '';
  const style = usePageQuery(styleDetail(slug));
  useReportNotFound(
    style.status === 'error' && style.error instanceof HttpError && style.error.status === 404,
  );
  usePageHead(
    style.status === 'success'
      ? {
          title: style.data.name,
          description: style.data.description,
          image: style.data.coverArtUrl ?? undefined,
          structuredData: [
            breadcrumbList([
              ['Gallery', '/gallery'],
              [style.data.name, `/gallery${galleryPaths.style(style.data.slug)}`],
            ]),
          ],
        }
      : { title: PAGE_TITLES['gallery-style-style'] },
  );
  return (
    <article className="gallery-page" data-route="gallery-style-style" data-owner="mf_gallery">
      <nav aria-label="Breadcrumb" className="gallery-breadcrumb">
        <Link to={galleryPaths.landing()}>Gallery</Link> <span aria-hidden="true">/</span> <span>Style</span>
      </nav>
      {style.status === 'pending' ? <Skeleton lines={3} label="Loading the style" /> : null}
      {style.status === 'error' && !(style.error instanceof HttpError && style.error.status === 404) ? (
        <>
          <h1>{PAGE_TITLES['gallery-style-style']}</h1>
          <LoadError what="This style" error={style.error} onRetry={style.retry} />
        </>
      ) : null}
      {style.status === 'success' ? <StyleContent style={style.data} /> : null}
    </article>
  );
}

function StyleContent({ style }: { style: StyleDetail }) {
  return (
    <>
      <header className="gallery-page__head">
        <h1>{style.name}</h1>
        <p className="gallery-page__lead">{style.description}</p>
      </header>
      <section aria-labelledby="style-series-heading" className="gallery-section">
        <h2 id="style-series-heading">Series in {style.name}</h2>
        {style.series.length === 0 ? (
          <Empty>No series in this style yet.</Empty>
        ) : (
          <ul className="gallery-grid">
            {style.series.map((series, index) => (
              <SeriesCard key={series.id} series={series} eager={index < 2} />
            ))}
          </ul>
        )}
      </section>
      <StyleFigures style={style} />
    </>
  );
}

function StyleFigures({ style }: { style: StyleDetail }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { query, ignored } = parseStyleQuery(search);
  const seriesKnown =
    query.series === undefined || style.series.some((series) => series.slug === query.series);
  const effective: StyleQuery = seriesKnown ? query : { ...query, series: undefined };
  const notices = seriesKnown
    ? ignored
    : [...ignored, `${style.name} has no series “${query.series}”; showing every series.`];
  const listParams = {
    style: style.slug,
    sort: effective.sort,
    rarity: effective.rarity,
    series: effective.series,
    pageSize: FIGURES_PER_PAGE,
  };
  const figures = usePageQuery(figureList({ ...listParams, page: effective.page }));
  const totalPages = figures.status === 'success' ? figures.data.totalPages : 0;
  usePrefetch(effective.page < totalPages ? figureList({ ...listParams, page: effective.page + 1 }) : null);
  // A changed filter starts again at page 1; the URL is the state.
  const change = (patch: Partial<StyleQuery>) =>
    void navigate(galleryPaths.style(style.slug, styleSearch({ ...effective, ...patch, page: 1 })));

  return (
    <section aria-labelledby="style-figures-heading" className="gallery-section">
      <h2 id="style-figures-heading">Figures</h2>
      <form
        className="gallery-filters"
        aria-label="Sort and filter the figures"
        onSubmit={(event) => event.preventDefault()}
      >
        <label>
          Sort by
          <select
            value={effective.sort}
            onChange={(event) => change({ sort: event.target.value as StyleQuery['sort'] })}
          >
            {FIGURE_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Rarity
          <select
            value={effective.rarity ?? ''}
            onChange={(event) =>
              change({ rarity: (event.target.value || undefined) as StyleQuery['rarity'] })
            }
          >
            <option value="">Every rarity</option>
            {FIGURE_RARITIES.map((rarity) => (
              <option key={rarity} value={rarity}>
                {rarity === 'secret' ? 'Secret only' : 'Regular only'}
              </option>
            ))}
          </select>
        </label>
        <label>
          Series
          <select
            value={effective.series ?? ''}
            onChange={(event) => change({ series: event.target.value || undefined })}
          >
            <option value="">Every series</option>
            {style.series.map((series) => (
              <option key={series.slug} value={series.slug}>
                {series.name}
              </option>
            ))}
          </select>
        </label>
      </form>
      {notices.map((notice) => (
        <p key={notice} className="gallery-notice" role="status">
          {notice}
        </p>
      ))}
      {figures.status === 'pending' ? <CardsLoading label="Loading the figures" count={8} /> : null}
      {figures.status === 'error' ? (
        <LoadError what="The figures" error={figures.error} onRetry={figures.retry} />
      ) : null}
      {figures.status === 'success' && figures.data.items.length === 0 ? (
        <Empty>
          {effective.page > 1
            ? `There is no page ${effective.page} of these figures.`
            : 'No figures match these filters.'}{' '}
          <Link to={galleryPaths.style(style.slug)}>Show every figure of {style.name}</Link>
        </Empty>
      ) : null}
      {figures.status === 'success' && figures.data.items.length > 0 ? (
        <>
          <p className="gallery-count" aria-live="polite">
            {figures.data.total === 1 ? '1 figure' : `${figures.data.total} figures`}
          </p>
          <ul className="gallery-grid">
            {figures.data.items.map((figure) => (
              <FigureCard key={figure.id} figure={figure} />
            ))}
          </ul>
          <Pagination
            page={effective.page}
            pageCount={totalPages}
            hrefFor={(target) => galleryPaths.style(style.slug, styleSearch({ ...effective, page: target }))}
            Link={Link}
            label="Figure pages"
          />
        </>
      ) : null}
    </section>
  );
}
