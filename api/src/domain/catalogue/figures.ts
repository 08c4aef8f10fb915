/** Figures: every design of every series, filterable by style, series, rarity and name. */
import { and, asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Figure, FigureListQuery, Page } from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import { figures, series, styles } from '../../db/schema';
import type { ArtInput } from '../figure-art';
import { containsPattern, offsetOf, toPage, totalOverAll } from '../pagination';
import { figureColumns, toFigure } from './columns';
import type { CatalogueUrls } from './urls';

/** Each order ends in the figure id, so equal keys never swap places between pages. */
const ORDERS = {
  catalogue: [asc(styles.position), asc(styles.id), asc(series.position), asc(series.id), asc(figures.number), asc(figures.id)],
  name: [asc(sql`lower(${figures.name})`), asc(figures.id)],
  newest: [desc(series.releasedOn), desc(series.id), asc(figures.number), asc(figures.id)],
} satisfies Record<FigureListQuery['sort'], SQL[]>;

function selectFigures(db: Db, where: SQL | undefined) {
  return db
    .select(figureColumns)
    .from(figures)
    .innerJoin(series, eq(figures.seriesId, series.id))
    .innerJoin(styles, eq(series.styleId, styles.id))
    .where(where);
}

export async function listFigures(db: Db, query: FigureListQuery, urls: CatalogueUrls): Promise<Page<Figure>> {
  const where = and(
    query.style ? eq(styles.slug, query.style) : undefined,
    query.series ? eq(series.slug, query.series) : undefined,
    query.rarity ? eq(figures.rarity, query.rarity) : undefined,
    query.q ? ilike(figures.name, containsPattern(query.q)) : undefined,
  );
  const rows = await db
    .select({ ...figureColumns, total: totalOverAll() })
    .from(figures)
    .innerJoin(series, eq(figures.seriesId, series.id))
    .innerJoin(styles, eq(series.styleId, styles.id))
    .where(where)
    .orderBy(...ORDERS[query.sort])
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const countAll = async () =>
    (
      await db
        .select({ n: count() })
        .from(figures)
        .innerJoin(series, eq(figures.seriesId, series.id))
        .innerJoin(styles, eq(series.styleId, styles.id))
        .where(where)
    )[0]?.n ?? 0;
  return toPage(rows, query, ({ total: _total, ...row }) => toFigure(row, urls), countAll);
}

export async function listFiguresOfSeries(db: Db, seriesId: number, urls: CatalogueUrls): Promise<Figure[]> {
  const rows = await selectFigures(db, eq(figures.seriesId, seriesId)).orderBy(asc(figures.number), asc(figures.id));
  return rows.map((row) => toFigure(row, urls));
}

export async function getFigure(db: Db, slug: string, urls: CatalogueUrls): Promise<Figure | null> {
  const [row] = await selectFigures(db, eq(figures.slug, slug));
  return row ? toFigure(row, urls) : null;
}

/** What the art generator needs for one figure. */
export async function getFigureArtInput(db: Db, slug: string): Promise<ArtInput | null> {
  const [row] = await db
    .select({ artSeed: figures.artSeed, name: figures.name, styleSlug: styles.slug, rarity: figures.rarity })
    .from(figures)
    .innerJoin(series, eq(figures.seriesId, series.id))
    .innerJoin(styles, eq(series.styleId, styles.id))
    .where(eq(figures.slug, slug));
  return row ?? null;
}
