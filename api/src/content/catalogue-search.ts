/**
 * The catalogue's part of the search index: every series and figure, and the mystery boxes on sale,
 * read from the database at request time (the catalogue changes without a content build). Paths
 * are the site's own: `/gallery/series/{slug}`, `/gallery/style/detail/{slug}`, `/mysterybox/{id}`.
 * Each carries a picture: a figure its art, a series the art of its first figure, a box its
 * packaging (what their cards show).
 */
import { asc, eq, not } from 'drizzle-orm';
import type { SearchEntry } from '@arttoy/shared/contracts/api';
import type { Db } from '../db/connect';
import { boxModels, figures, series, styles } from '../db/schema';
import {
  catalogueOrder,
  hiddenSecret,
  joinSeriesAndStyle,
  seriesColumns,
  styleOfSeries,
} from '../domain/catalogue/columns';
import type { CatalogueUrls } from '../domain/catalogue/urls';
import { formatMoney } from '../domain/payments/money';

export async function catalogueSearchEntries(db: Db, urls: CatalogueUrls): Promise<SearchEntry[]> {
  const [seriesRows, figureRows, boxRows] = await Promise.all([
    db
      .select({
        id: series.id,
        slug: series.slug,
        name: series.name,
        description: series.description,
        style: styles.name,
        coverSlug: seriesColumns.coverSlug,
      })
      .from(series)
      .innerJoin(styles, styleOfSeries)
      .orderBy(...catalogueOrder),
    joinSeriesAndStyle(
      db
        .select({
          slug: figures.slug,
          name: figures.name,
          description: figures.description,
          rarity: figures.rarity,
          series: series.name,
          style: styles.name,
        })
        .from(figures)
        .$dynamic(),
    )
      // A hidden secret has no page to find, and its entry would name it.
      .where(not(hiddenSecret))
      .orderBy(asc(series.position), asc(series.id), asc(figures.number)),
    // Only the boxes on sale: an inactive model has no page to open. Stock is left out, so the
    // index is not rebuilt with every sale. Their series (name, style, picture) are the rows above;
    // a box whose series was added between these reads is left to the next answer (the change that
    // added them drops this one from the cache).
    db
      .select({
        id: boxModels.id,
        seriesId: boxModels.seriesId,
        name: boxModels.name,
        description: boxModels.description,
        priceMinor: boxModels.priceMinor,
        currency: boxModels.currency,
      })
      .from(boxModels)
      .where(eq(boxModels.active, true))
      .orderBy(asc(boxModels.id)),
  ]);
  const art = (slug: string | null) => (slug === null ? {} : { image: urls.figureArt(slug) });
  const seriesOf = new Map(seriesRows.map((row) => [row.id, row]));
  return [
    ...seriesRows.map((row) => ({
      id: `series:${row.slug}`,
      kind: 'series' as const,
      path: `/gallery/series/${row.slug}`,
      title: row.name,
      description: `${row.style} series`,
      headings: [row.style],
      text: row.description,
      ...art(row.coverSlug),
    })),
    ...figureRows.map((row) => ({
      id: `figure:${row.slug}`,
      kind: 'figure' as const,
      path: `/gallery/style/detail/${row.slug}`,
      title: row.name,
      description: `${row.rarity === 'secret' ? 'Secret figure' : 'Figure'} from ${row.series}`,
      headings: [row.series, row.style],
      text: row.description,
      ...art(row.slug),
    })),
    ...boxRows.flatMap((row) => {
      const seriesRow = seriesOf.get(row.seriesId);
      if (!seriesRow) return [];
      return {
        id: `box:${row.id}`,
        kind: 'box' as const,
        path: `/mysterybox/${row.id}`,
        title: row.name,
        description: `Mystery box from ${seriesRow.name} · ${formatMoney(row.priceMinor, row.currency)}`,
        headings: [seriesRow.name, seriesRow.style],
        text: row.description,
        image: urls.boxArt(row.id),
      };
    }),
  ];
}
