import { Link } from 'react-router';
import { formatDate } from '@arttoy/shared/contracts';
import { readPagePayloadAhead } from '@arttoy/shared/federation/page-data';
import type { Figure, SeriesSummary, Style } from '@arttoy/shared/contracts/api';
import { prefetchPageRead, type PageRead } from '@arttoy/shared/query';
import { figureDetail, seriesDetail, styleDetail } from '../api/catalogue';
import { galleryPaths } from '../paths';
import { ArtImage } from './art-image';
import { RarityBadge } from './rarity-badge';

/**
 * Card art is alt="": the link's own text names the item, and a second name read out before it
 * would only repeat it (WCAG H2). Art shown on its own (a figure's page) has a full alt text.
 */

/**
 * Card links warm the data of their page when pointed at or focused, so the click shows it at once:
 * its payload where navigations read one (the shell reads it), else the page's own read.
 */
export const warm = <T,>(read: PageRead<T>) => {
  const ahead = ({ currentTarget }: { currentTarget: HTMLAnchorElement }) => {
    if (!readPagePayloadAhead(`${currentTarget.pathname}${currentTarget.search}`))
      void prefetchPageRead(read);
  };
  return { onPointerEnter: ahead, onFocus: ahead };
};

export function StyleCard({ style, eager = false }: { style: Style; eager?: boolean }) {
  return (
    <li className="gallery-card">
      <Link
        to={galleryPaths.style(style.slug)}
        className="gallery-card__link"
        {...warm(styleDetail(style.slug))}
      >
        <ArtImage src={style.coverArtUrl} alt="" size="card" eager={eager} />
        <span className="gallery-card__title">{style.name}</span>
        <span className="gallery-card__meta">
          {style.seriesCount === 1 ? '1 series' : `${style.seriesCount} series`}
        </span>
      </Link>
    </li>
  );
}

export function SeriesCard({ series, eager = false }: { series: SeriesSummary; eager?: boolean }) {
  return (
    <li className="gallery-card">
      <Link
        to={galleryPaths.series(series.slug)}
        className="gallery-card__link"
        {...warm(seriesDetail(series.slug))}
      >
        <ArtImage src={series.coverArtUrl} alt="" size="card" eager={eager} />
        <span className="gallery-card__title">{series.name}</span>
        <span className="gallery-card__meta">
          {series.style.name} · {series.figureCount} figures · {formatDate(series.releasedOn)}
        </span>
      </Link>
    </li>
  );
}

/** A figure's card; a hidden secret's (figure.hidden) has no page to open, so it is no link. */
export function FigureCard({ figure, eager = false }: { figure: Figure; eager?: boolean }) {
  const body = (
    <>
      <ArtImage src={figure.artUrl} alt="" size="card" eager={eager} />
      <span className="gallery-card__title">{figure.name}</span>
      <span className="gallery-card__meta">
        {figure.series.name} · No. {figure.number} <RarityBadge rarity={figure.rarity} />
      </span>
    </>
  );
  return (
    <li className="gallery-card">
      {figure.hidden ? (
        <div className="gallery-card__link">{body}</div>
      ) : (
        <Link
          to={galleryPaths.figure(figure.slug)}
          className="gallery-card__link"
          {...warm(figureDetail(figure.slug))}
        >
          {body}
        </Link>
      )}
    </li>
  );
}
