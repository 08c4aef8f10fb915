import { Link } from 'react-router';
import { formatDate, showOdds } from '@arttoy/shared/contracts';
import type { BoxModelDetail, SeriesDetail } from '@arttoy/shared/contracts/api';
import { HttpError } from '@arttoy/shared/http';
import { Odds, Skeleton } from '@arttoy/shared/ui';
import { boxModelDetails, figureDetail, seriesDetail } from '../api/catalogue';
import { ArtImage } from '../components/art-image';
import { BuyBoxes } from '../components/buy-box';
import { warm } from '../components/cards';
import { LoadError } from '../components/load-state';
import { LowestAsk, useLowestAsks } from '../components/market/lowest-ask';
import { RarityBadge } from '../components/rarity-badge';
import { galleryPaths } from '../paths';
import { useReportNotFound } from '@arttoy/shared/federation/remote';
import { PAGE_TITLES } from '../titles';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { breadcrumbList } from '@arttoy/shared/seo';
import { usePageQuery } from '@arttoy/shared/query';

/** One series: its boxes, and every figure with its art, rarity and odds in each box. */
export function SeriesView({ slug }: { slug: string }) {
  const series = usePageQuery(seriesDetail(slug));
  const missing =
    series.status === 'error' && series.error instanceof HttpError && series.error.status === 404;
  useReportNotFound(missing);
  // The series' own head is SeriesContent's; until then the page is a series page.
  usePageHead(series.status === 'success' ? null : { title: PAGE_TITLES['gallery-series-style'] });
  if (series.status === 'pending') return <Skeleton lines={4} label="Loading the series" />;
  if (series.status === 'error') {
    return missing ? null : (
      <>
        <h1>{PAGE_TITLES['gallery-series-style']}</h1>
        <LoadError what="This series" error={series.error} onRetry={series.retry} />
      </>
    );
  }
  return <SeriesContent series={series.data} />;
}

function SeriesContent({ series }: { series: SeriesDetail }) {
  const odds = usePageQuery(boxModelDetails(series.boxModels.map((box) => box.id)));
  const asks = useLowestAsks(series.slug);
  usePageHead({
    title: series.name,
    description: series.description,
    image: series.coverArtUrl ?? undefined,
    structuredData: [
      breadcrumbList([
        ['Gallery', '/gallery'],
        [series.style.name, `/gallery${galleryPaths.style(series.style.slug)}`],
        [series.name, `/gallery${galleryPaths.series(series.slug)}`],
      ]),
    ],
  });
  return (
    <>
      <nav aria-label="Breadcrumb" className="gallery-breadcrumb">
        <Link to={galleryPaths.landing()}>Gallery</Link> <span aria-hidden="true">/</span>{' '}
        <Link to={galleryPaths.style(series.style.slug)}>{series.style.name}</Link>
      </nav>
      <header className="gallery-page__head">
        <h1>{series.name}</h1>
        <p className="gallery-page__lead">{series.description}</p>
        <p className="gallery-page__facts">
          {series.figureCount} figures · released {formatDate(series.releasedOn)}
        </p>
      </header>
      <section aria-labelledby="boxes-heading" className="gallery-section">
        <h2 id="boxes-heading">Buy a mystery box</h2>
        <BuyBoxes boxes={series.boxModels} seriesName={series.name} />
      </section>
      <section aria-labelledby="lineup-heading" className="gallery-section">
        <h2 id="lineup-heading">The line-up</h2>
        {odds.status === 'error' ? (
          <LoadError what="The odds" error={odds.error} onRetry={odds.retry} />
        ) : null}
        <ul className="gallery-lineup">
          {series.figures.map((figure, index) => (
            <li key={figure.id} className="gallery-lineup__item">
              <ArtImage
                src={figure.artUrl}
                alt={`${figure.name}, figure ${figure.number} of ${series.name}`}
                size="card"
                eager={index < 4}
              />
              <div>
                {figure.hidden ? (
                  // A hidden secret has no page of its own until it is revealed.
                  <span className="gallery-lineup__name">{figure.name}</span>
                ) : (
                  <Link
                    to={galleryPaths.figure(figure.slug)}
                    className="gallery-lineup__name"
                    {...warm(figureDetail(figure.slug))}
                  >
                    {figure.name}
                  </Link>
                )}
                <p className="gallery-lineup__meta">
                  No. {figure.number} <RarityBadge rarity={figure.rarity} />
                </p>
                <FigureOdds figureId={figure.id} boxes={odds.status === 'success' ? odds.data : null} />
                <LowestAsk ask={asks.get(figure.id)} />
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** The chance of this figure in each box that sells it; nothing while the odds load. */
export function FigureOdds({
  figureId,
  boxes,
}: {
  figureId: number;
  boxes: readonly BoxModelDetail[] | null;
}) {
  if (!boxes) return null;
  const lines = boxes.flatMap((box) => {
    // Rounded with the box's other lines, so every page shows the same number for it (showOdds).
    const index = box.odds.findIndex((entry) => entry.figure.id === figureId);
    const odds = showOdds(box.odds.map((entry) => entry.oddsPpm))[index];
    return odds ? [{ box: box.name, odds, id: box.id }] : [];
  });
  if (lines.length === 0) return null;
  return (
    <dl className="gallery-odds">
      {lines.map((line) => (
        <div key={line.id}>
          <dt>{line.box}</dt>
          <dd>
            <Odds odds={line.odds} label={`this figure in ${line.box}`} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
