import { Link } from 'react-router';
import type { Figure, SeriesDetail } from '@arttoy/shared/contracts/api';
import { HttpError } from '@arttoy/shared/http';
import { Skeleton } from '@arttoy/shared/ui';
import { boxModelDetails, seriesDetail, figureDetail } from '../api/catalogue';
import { ArtImage } from '../components/art-image';
import { BuyBoxes } from '../components/buy-box';
import { FigureCard } from '../components/cards';
import { LoadError } from '../components/load-state';
import { figureMarket } from '../api/market';
import { FigureMarketSection } from '../components/market/figure-market';
import { RarityBadge } from '../components/rarity-badge';
import { galleryPaths } from '../paths';
import { useReportNotFound } from '@arttoy/shared/federation/remote';
import { PAGE_TITLES } from '../titles';
import { FigureOdds } from './series-view';
import { usePageHead } from '@arttoy/shared/federation/page-data';
import { breadcrumbList, figureProduct } from '@arttoy/shared/seo';
import { usePageQuery } from '@arttoy/shared/query';

const RELATED_COUNT = 4;

/** One figure: large art, where it belongs, its details, its odds, related figures and its box. */
export function FigureView({ slug }: { slug: string }) {
  const figure = usePageQuery(figureDetail(slug));
  const missing =
    figure.status === 'error' && figure.error instanceof HttpError && figure.error.status === 404;
  useReportNotFound(missing);
  // The figure's own head is FigureContent's (with its boxes' offers); until then the page is a figure page.
  usePageHead(figure.status === 'success' ? null : { title: PAGE_TITLES['gallery-style-detail-detail'] });
  if (figure.status === 'pending') return <Skeleton lines={4} label="Loading the figure" />;
  if (figure.status === 'error') {
    return missing ? null : (
      <>
        <h1>{PAGE_TITLES['gallery-style-detail-detail']}</h1>
        <LoadError what="This figure" error={figure.error} onRetry={figure.retry} />
      </>
    );
  }
  return <FigureContent figure={figure.data} />;
}

function FigureContent({ figure }: { figure: Figure }) {
  const series = usePageQuery(seriesDetail(figure.series.slug));
  const boxes = series.status === 'success' ? series.data.boxModels : [];
  // The market section's read (one read for both): its lowest open ask is the collectors' offer.
  const market = usePageQuery(figureMarket(figure.slug));
  const lowestAsk =
    market.status === 'success'
      ? market.data.listings.find((listing) => !listing.reserved)?.price
      : undefined;
  const path = `/gallery${galleryPaths.figure(figure.slug)}`;
  usePageHead({
    title: figure.name,
    description: figure.description,
    image: figure.artUrl,
    type: 'product',
    structuredData: [
      figureProduct(figure, boxes, lowestAsk ? { lowestAsk, path } : null),
      breadcrumbList([
        ['Gallery', '/gallery'],
        [figure.style.name, `/gallery${galleryPaths.style(figure.style.slug)}`],
        [figure.series.name, `/gallery${galleryPaths.series(figure.series.slug)}`],
        [figure.name, path],
      ]),
    ],
  });
  return (
    <>
      <nav aria-label="Breadcrumb" className="gallery-breadcrumb">
        <Link to={galleryPaths.landing()}>Gallery</Link> <span aria-hidden="true">/</span>{' '}
        <Link to={galleryPaths.style(figure.style.slug)}>{figure.style.name}</Link>{' '}
        <span aria-hidden="true">/</span>{' '}
        <Link to={galleryPaths.series(figure.series.slug)}>{figure.series.name}</Link>
      </nav>
      <div className="gallery-figure">
        <ArtImage src={figure.artUrl} alt={`${figure.name}: ${figure.description}`} size="large" eager />
        <div className="gallery-figure__about">
          <h1>{figure.name}</h1>
          <p className="gallery-page__lead">{figure.description}</p>
          <dl className="gallery-facts">
            <div>
              <dt>Series</dt>
              <dd>
                <Link to={galleryPaths.series(figure.series.slug)}>{figure.series.name}</Link>
              </dd>
            </div>
            <div>
              <dt>Style</dt>
              <dd>
                <Link to={galleryPaths.style(figure.style.slug)}>{figure.style.name}</Link>
              </dd>
            </div>
            <div>
              <dt>Rarity</dt>
              <dd>
                <RarityBadge rarity={figure.rarity} />
              </dd>
            </div>
            <div>
              <dt>Number</dt>
              <dd>No. {figure.number} of the line-up</dd>
            </div>
            <div>
              <dt>Height</dt>
              <dd>{figure.heightMm} mm</dd>
            </div>
          </dl>
          {series.status === 'success' ? <FigureBoxes figure={figure} series={series.data} /> : null}
        </div>
        {/* In the figure's grid: on a phone it comes right under the art and the name (gallery.css). */}
        <FigureMarketSection figure={figure} />
      </div>
      {series.status === 'pending' ? <Skeleton lines={3} label="Loading the rest of the series" /> : null}
      {series.status === 'error' ? (
        <LoadError what="The rest of the series" error={series.error} onRetry={series.retry} />
      ) : null}
      {series.status === 'success' ? <RelatedFigures figure={figure} series={series.data} /> : null}
    </>
  );
}

function FigureBoxes({ figure, series }: { figure: Figure; series: SeriesDetail }) {
  const odds = usePageQuery(boxModelDetails(series.boxModels.map((box) => box.id)));
  return (
    <section aria-labelledby="figure-box-heading" className="gallery-section gallery-figure__boxes">
      <h2 id="figure-box-heading">Buy a box of this series</h2>
      <FigureOdds figureId={figure.id} boxes={odds.status === 'success' ? odds.data : null} />
      <BuyBoxes boxes={series.boxModels} seriesName={series.name} />
    </section>
  );
}

function RelatedFigures({ figure, series }: { figure: Figure; series: SeriesDetail }) {
  // Its neighbours in the line-up, wrapping around, so every figure shows a different set.
  const others = series.figures.filter((candidate) => candidate.id !== figure.id);
  const start = Math.max(
    0,
    others.findIndex((candidate) => candidate.number > figure.number),
  );
  const related = [...others.slice(start), ...others.slice(0, start)].slice(0, RELATED_COUNT);
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="gallery-section">
      <h2 id="related-heading">More from {series.name}</h2>
      <ul className="gallery-grid">
        {related.map((item) => (
          <FigureCard key={item.id} figure={item} />
        ))}
      </ul>
    </section>
  );
}
