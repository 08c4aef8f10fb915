/** Series: a style's collections, each a line-up of figures sold in blind boxes. */
import { and, count, desc, eq, exists, ilike, not, type SQL } from 'drizzle-orm';
import type { Page, SeriesDetail, SeriesListQuery, SeriesSummary } from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import { boxModels as boxModelTable, series, styles } from '../../db/schema';
import { containsPattern, offsetOf, toPage, totalOverAll } from '../pagination';
import { listBoxModelsOfSeries } from './box-models';
import { catalogueOrder, qualified, seriesColumns, styleOfSeries, toSeriesSummary } from './columns';
import { listFiguresOfSeries } from './figures';
import type { CatalogueUrls } from './urls';

const ORDERS = {
  catalogue: catalogueOrder,
  newest: [desc(series.releasedOn), desc(series.id)],
} satisfies Record<SeriesListQuery['sort'], SQL[]>;

function selectSeries(db: Db, where: SQL | undefined) {
  return db.select(seriesColumns).from(series).innerJoin(styles, styleOfSeries).where(where);
}

export async function listSeries(
  db: Db,
  query: SeriesListQuery,
  urls: CatalogueUrls,
): Promise<Page<SeriesSummary>> {
  // Correlated: box_models' own columns stay unqualified, the outer series id is qualified.
  const onSale = exists(
    db
      .select({ one: boxModelTable.id })
      .from(boxModelTable)
      .where(and(eq(boxModelTable.seriesId, qualified(series.id)), eq(boxModelTable.active, true))),
  );
  const where = and(
    query.style ? eq(styles.slug, query.style) : undefined,
    query.q ? ilike(series.name, containsPattern(query.q)) : undefined,
    query.onSale === undefined ? undefined : query.onSale === 'true' ? onSale : not(onSale),
  );
  const rows = await db
    .select({ ...seriesColumns, total: totalOverAll() })
    .from(series)
    .innerJoin(styles, styleOfSeries)
    .where(where)
    .orderBy(...ORDERS[query.sort])
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const countAll = async () =>
    (await db.select({ n: count() }).from(series).innerJoin(styles, styleOfSeries).where(where))[0]?.n ?? 0;
  return toPage(rows, query, (row) => toSeriesSummary(row, urls), countAll);
}

export async function listSeriesOfStyle(
  db: Db,
  styleId: number,
  urls: CatalogueUrls,
): Promise<SeriesSummary[]> {
  const rows = await selectSeries(db, eq(series.styleId, styleId)).orderBy(...catalogueOrder);
  return rows.map((row) => toSeriesSummary(row, urls));
}

export async function getSeries(db: Db, slug: string, urls: CatalogueUrls): Promise<SeriesDetail | null> {
  const [row] = await selectSeries(db, eq(series.slug, slug));
  if (!row) return null;
  const [figures, boxModels] = await Promise.all([
    listFiguresOfSeries(db, row.id, urls),
    listBoxModelsOfSeries(db, row.id, urls),
  ]);
  return { ...toSeriesSummary(row, urls), figures, boxModels };
}
