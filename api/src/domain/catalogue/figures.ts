/** Figures: every design of every series, filterable by style, series, rarity and name. */
import { and, asc, count, desc, eq, ilike, not, type SQL, sql } from 'drizzle-orm';
import type { Figure, FigureListQuery, Page } from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import { preparedFor } from '../../db/prepared';
import { figures, series, styles } from '../../db/schema';
import type { ArtInput, FigureKind, FigurePose, FigureProp } from '../figure-art';
import { containsPattern, offsetOf, toPage, totalOverAll } from '../pagination';
import {
  catalogueOrder,
  figureColumns,
  hiddenSecret,
  joinSeriesAndStyle,
  shownFigureName,
  toFigure,
} from './columns';
import type { CatalogueUrls } from './urls';

/** Each order ends in the figure id, so equal keys never swap places between pages. */
const ORDERS = {
  catalogue: [...catalogueOrder, asc(figures.number), asc(figures.id)],
  // By the name shown, so a hidden secret's place in the list tells nothing of its own name.
  name: [asc(sql`lower(${shownFigureName})`), asc(figures.id)],
  newest: [desc(series.releasedOn), desc(series.id), asc(figures.number), asc(figures.id)],
} satisfies Record<FigureListQuery['sort'], SQL[]>;

function selectFigures(db: Db, where: SQL | undefined) {
  return joinSeriesAndStyle(db.select(figureColumns).from(figures).$dynamic()).where(where);
}

/** The filters a query uses, as parameters: one prepared statement per shape (db/prepared.ts). */
function figureFilters(query: FigureListQuery) {
  return and(
    query.style ? eq(styles.slug, sql.placeholder('style')) : undefined,
    query.series ? eq(series.slug, sql.placeholder('series')) : undefined,
    query.rarity ? eq(figures.rarity, sql.placeholder('rarity')) : undefined,
    query.q ? ilike(shownFigureName, sql.placeholder('pattern')) : undefined,
  );
}

const shapeOf = (query: FigureListQuery) =>
  `${query.style ? 's' : ''}${query.series ? 'r' : ''}${query.rarity ? 'y' : ''}${query.q ? 'q' : ''}`;

export async function listFigures(
  db: Db,
  query: FigureListQuery,
  urls: CatalogueUrls,
): Promise<Page<Figure>> {
  const values = {
    style: query.style,
    series: query.series,
    rarity: query.rarity,
    pattern: query.q ? containsPattern(query.q) : undefined,
    limit: query.pageSize,
    offset: offsetOf(query),
  };
  const page = preparedFor(db, `figures_page_${shapeOf(query)}_${query.sort}`, (name) =>
    joinSeriesAndStyle(
      db
        .select({ ...figureColumns, total: totalOverAll() })
        .from(figures)
        .$dynamic(),
    )
      .where(figureFilters(query))
      .orderBy(...ORDERS[query.sort])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  const countAll = async () => {
    const total = preparedFor(db, `figures_count_${shapeOf(query)}`, (name) =>
      joinSeriesAndStyle(db.select({ n: count() }).from(figures).$dynamic())
        .where(figureFilters(query))
        .prepare(name),
    );
    return (await total.execute(values))[0]?.n ?? 0;
  };
  return toPage(await page.execute(values), query, (row) => toFigure(row, urls), countAll);
}

export async function listFiguresOfSeries(db: Db, seriesId: number, urls: CatalogueUrls): Promise<Figure[]> {
  const rows = await selectFigures(db, eq(figures.seriesId, seriesId)).orderBy(
    asc(figures.number),
    asc(figures.id),
  );
  return rows.map((row) => toFigure(row, urls));
}

/** The figure of this slug; null for a hidden secret too, whose slug no public read answers on. */
export async function getFigure(db: Db, slug: string, urls: CatalogueUrls): Promise<Figure | null> {
  const statement = preparedFor(db, 'figure_by_slug', (name) =>
    selectFigures(db, and(eq(figures.slug, sql.placeholder('slug')), not(hiddenSecret))).prepare(name),
  );
  const [row] = await statement.execute({ slug });
  return row ? toFigure(row, urls) : null;
}

/**
 * What the art generator needs for one figure, and whether it is a hidden secret (then its art is
 * drawn only for a request carrying its key).
 */
export async function getFigureArtInput(
  db: Db,
  slug: string,
): Promise<(ArtInput & { hidden: boolean; artKey: string }) | null> {
  const [row] = await joinSeriesAndStyle(
    db
      .select({
        artSeed: figures.artSeed,
        name: figures.name,
        styleSlug: styles.slug,
        rarity: figures.rarity,
        kind: figures.artKind,
        pose: figures.artPose,
        prop: figures.artProp,
        hidden: hiddenSecret,
        artKey: figures.artKey,
      })
      .from(figures)
      .$dynamic(),
  ).where(eq(figures.slug, slug));
  if (!row) return null;
  // Text columns: the seed writes only names the art generator draws (seed/catalogue-types.ts).
  return {
    ...row,
    kind: row.kind as FigureKind,
    pose: row.pose as FigurePose,
    prop: row.prop as FigureProp | null,
  };
}
