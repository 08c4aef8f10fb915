/** Column sets and row mappers the catalogue queries share. */
import { asc, eq, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import {
  type BoxModelSummary,
  type Figure,
  HIDDEN_SECRET_NAME,
  hiddenSecretSlug,
  SECRET_REVEAL_PULLS,
  type SeriesSummary,
} from '@arttoy/shared/contracts/api';
import { boxModelFigures, boxModels, figures, series, styles } from '../../db/schema';
import { CAPTURE_GRACE_SECONDS, CAPTURE_HOLD_SECONDS } from '../orders/reservation';
import type { CatalogueUrls } from './urls';

/**
 * `"table"."column"`, always qualified. drizzle leaves columns unqualified in a single-table select,
 * and inside a correlated subquery an unqualified outer column silently binds to the inner table.
 */
export const qualified = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** A series' style: the condition every join of styles to series takes. */
export const styleOfSeries = eq(series.styleId, styles.id);

/**
 * The query joined to the series that `seriesId` names (a figure's by default, or a box model's)
 * and that series' style: the join behind every column set here that shows a series or a style.
 * Takes a dynamic query (`.$dynamic()`).
 */
export function joinSeriesAndStyle<Query extends PgSelect>(
  query: Query,
  seriesId: AnyPgColumn = figures.seriesId,
) {
  return query.innerJoin(series, eq(seriesId, series.id)).innerJoin(styles, styleOfSeries);
}

/** Gallery order: by style, then the series' place in it; ids break ties so pages never overlap. */
export const catalogueOrder = [asc(styles.position), asc(styles.id), asc(series.position), asc(series.id)];

/** The names of the series and style of a joinSeriesAndStyle query. */
const seriesAndStyleColumns = {
  seriesSlug: series.slug,
  seriesName: series.name,
  styleSlug: styles.slug,
  styleName: styles.name,
};

/**
 * A secret not yet revealed to everyone (SECRET_REVEAL_PULLS): public answers write it in its hidden
 * form (`hiddenFigure`), and no public read finds it by its name or slug.
 */
export const hiddenSecret = sql<boolean>`(${qualified(figures.rarity)} = 'secret' and ${qualified(figures.revealedAt)} is null)`;

/** The name a public answer shows: a hidden secret's is HIDDEN_SECRET_NAME (searches and name order use it). */
export const shownFigureName = sql<string>`(case when ${hiddenSecret} then ${HIDDEN_SECRET_NAME} else ${qualified(figures.name)} end)`;

export const figureColumns = {
  id: figures.id,
  slug: figures.slug,
  name: figures.name,
  description: figures.description,
  number: figures.number,
  rarity: figures.rarity,
  heightMm: figures.heightMm,
  hidden: hiddenSecret,
  artKey: figures.artKey,
  ...seriesAndStyleColumns,
};
type FigureRow = SelectResultFields<typeof figureColumns>;

/** Who reads a figure: anyone (hidden secrets in their hidden form), or one of its owners. */
export type FigureView = 'public' | 'owner';

/** A figure's art URL for this view: a hidden secret's own art only for its owner, with its key. */
export function figureArtUrl(
  row: { slug: string; hidden: boolean; artKey: string },
  urls: CatalogueUrls,
  view: FigureView,
): string {
  if (!row.hidden) return urls.figureArt(row.slug);
  return view === 'owner' ? urls.figureArt(row.slug, row.artKey) : urls.hiddenSecretArt();
}

/** What names a hidden secret in a public answer: its id and place in the line-up, nothing of its own. */
export function hiddenFigureRef(
  row: { id: number; number: number; seriesSlug: string },
  urls: CatalogueUrls,
): Pick<Figure, 'id' | 'slug' | 'name' | 'number' | 'rarity' | 'artUrl' | 'hidden'> {
  return {
    id: row.id,
    slug: hiddenSecretSlug(row.seriesSlug),
    name: HIDDEN_SECRET_NAME,
    number: row.number,
    rarity: 'secret',
    artUrl: urls.hiddenSecretArt(),
    hidden: true,
  };
}

/** The public form of a hidden secret: nothing of its name, slug, description or art. */
export function hiddenFigure(row: FigureRow, urls: CatalogueUrls): Figure {
  return {
    ...hiddenFigureRef(row, urls),
    description: `The secret figure of ${row.seriesName}. Its name and art are shown to everyone once it has been pulled ${SECRET_REVEAL_PULLS} times; until then, to those who own one.`,
    heightMm: row.heightMm,
    series: { slug: row.seriesSlug, name: row.seriesName },
    style: { slug: row.styleSlug, name: row.styleName },
  };
}

// The mappers below name every field: rest destructuring copies a row's properties one by one at
// run time, a cost paid for every figure of a page (`npm run bench:profile -w api` shows it).
// Extra columns on the row (a page's total) are left out.
export function toFigure(row: FigureRow, urls: CatalogueUrls, view: FigureView = 'public'): Figure {
  if (row.hidden && view === 'public') return hiddenFigure(row, urls);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    number: row.number,
    rarity: row.rarity,
    heightMm: row.heightMm,
    artUrl: figureArtUrl(row, urls, view),
    series: { slug: row.seriesSlug, name: row.seriesName },
    style: { slug: row.styleSlug, name: row.styleName },
  };
}

export const seriesColumns = {
  id: series.id,
  slug: series.slug,
  name: series.name,
  description: series.description,
  releasedOn: series.releasedOn,
  styleSlug: styles.slug,
  styleName: styles.name,
  // int4 casts: count(*) is int8, which pg returns as a string and PGlite as a number.
  figureCount:
    sql<number>`(select count(*)::int from ${figures} where ${qualified(figures.seriesId)} = ${qualified(series.id)})`.mapWith(
      Number,
    ),
  coverSlug: sql<
    string | null
  >`(select ${qualified(figures.slug)} from ${figures} where ${qualified(figures.seriesId)} = ${qualified(series.id)} order by ${qualified(figures.number)} limit 1)`,
};
type SeriesRow = SelectResultFields<typeof seriesColumns>;

export function toSeriesSummary(row: SeriesRow, urls: CatalogueUrls): SeriesSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    releasedOn: row.releasedOn,
    figureCount: row.figureCount,
    style: { slug: row.styleSlug, name: row.styleName },
    coverArtUrl: row.coverSlug === null ? null : urls.figureArt(row.coverSlug),
  };
}

export const boxModelColumns = {
  id: boxModels.id,
  slug: boxModels.slug,
  name: boxModels.name,
  description: boxModels.description,
  priceMinor: boxModels.priceMinor,
  currency: boxModels.currency,
  ...seriesAndStyleColumns,
  // Boxes on sale: the stock less the boxes held by live orders, counted by the rule the reservation
  // applies (arttoy_boxes_held, migration 0007), so a box page never offers a box that ordering refuses.
  stock:
    sql<number>`greatest((select coalesce(sum(${qualified(boxModelFigures.stock)}), 0)::int from ${boxModelFigures} where ${qualified(boxModelFigures.boxModelId)} = ${qualified(boxModels.id)})
    - arttoy_boxes_held(${qualified(boxModels.id)}, null, ${sql.raw(String(CAPTURE_GRACE_SECONDS))}, ${sql.raw(String(CAPTURE_HOLD_SECONDS))}, now()), 0)`.mapWith(
      Number,
    ),
};
type BoxModelRow = SelectResultFields<typeof boxModelColumns>;

export function toBoxModelSummary(row: BoxModelRow, urls: CatalogueUrls): BoxModelSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    artUrl: urls.boxArt(row.id),
    stock: row.stock,
    price: { amountMinor: row.priceMinor, currency: row.currency },
    series: { slug: row.seriesSlug, name: row.seriesName },
    style: { slug: row.styleSlug, name: row.styleName },
  };
}
