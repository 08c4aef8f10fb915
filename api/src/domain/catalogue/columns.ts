/** Column sets and row mappers the catalogue queries share. */
import { getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { BoxModelSummary, Figure, SeriesSummary } from '@arttoy/shared/contracts/api';
import { boxModelFigures, boxModels, figures, series, styles } from '../../db/schema';
import type { CatalogueUrls } from './urls';

/**
 * `"table"."column"`, always qualified. drizzle leaves columns unqualified in a single-table select,
 * and inside a correlated subquery an unqualified outer column silently binds to the inner table.
 */
export const qualified = (column: AnyPgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

export const figureColumns = {
  id: figures.id,
  slug: figures.slug,
  name: figures.name,
  description: figures.description,
  number: figures.number,
  rarity: figures.rarity,
  heightMm: figures.heightMm,
  seriesSlug: series.slug,
  seriesName: series.name,
  styleSlug: styles.slug,
  styleName: styles.name,
};
type FigureRow = SelectResultFields<typeof figureColumns>;

export function toFigure(row: FigureRow, urls: CatalogueUrls): Figure {
  const { seriesSlug, seriesName, styleSlug, styleName, ...figure } = row;
  return { ...figure, artUrl: urls.figureArt(row.slug), series: { slug: seriesSlug, name: seriesName }, style: { slug: styleSlug, name: styleName } };
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
  figureCount: sql<number>`(select count(*)::int from ${figures} where ${qualified(figures.seriesId)} = ${qualified(series.id)})`.mapWith(Number),
  coverSlug: sql<string | null>`(select ${qualified(figures.slug)} from ${figures} where ${qualified(figures.seriesId)} = ${qualified(series.id)} order by ${qualified(figures.number)} limit 1)`,
};
type SeriesRow = SelectResultFields<typeof seriesColumns>;

export function toSeriesSummary(row: SeriesRow, urls: CatalogueUrls): SeriesSummary {
  const { styleSlug, styleName, coverSlug, ...rest } = row;
  return { ...rest, style: { slug: styleSlug, name: styleName }, coverArtUrl: coverSlug === null ? null : urls.figureArt(coverSlug) };
}

export const boxModelColumns = {
  id: boxModels.id,
  slug: boxModels.slug,
  name: boxModels.name,
  description: boxModels.description,
  priceMinor: boxModels.priceMinor,
  currency: boxModels.currency,
  seriesSlug: series.slug,
  seriesName: series.name,
  styleSlug: styles.slug,
  styleName: styles.name,
  stock: sql<number>`(select coalesce(sum(${qualified(boxModelFigures.stock)}), 0)::int from ${boxModelFigures} where ${qualified(boxModelFigures.boxModelId)} = ${qualified(boxModels.id)})`.mapWith(Number),
};
type BoxModelRow = SelectResultFields<typeof boxModelColumns>;

export function toBoxModelSummary(row: BoxModelRow): BoxModelSummary {
  const { priceMinor, currency, seriesSlug, seriesName, styleSlug, styleName, ...rest } = row;
  return { ...rest, price: { amountMinor: priceMinor, currency }, series: { slug: seriesSlug, name: seriesName }, style: { slug: styleSlug, name: styleName } };
}
