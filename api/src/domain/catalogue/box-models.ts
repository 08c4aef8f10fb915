/** Mystery box models: what a series sells, at what price, with the odds of every figure. */
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import {
  ODDS_SCALE,
  type BoxModelDetail,
  type BoxModelListQuery,
  type BoxModelSummary,
  type Page,
} from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import { preparedFor } from '../../db/prepared';
import { boxModelFigures, boxModels, figures, series, styles } from '../../db/schema';
import { offsetOf, toPage, totalOverAll } from '../pagination';
import {
  boxModelColumns,
  catalogueOrder,
  figureArtUrl,
  hiddenFigureRef,
  hiddenSecret,
  joinSeriesAndStyle,
  toBoxModelSummary,
} from './columns';
import type { BoxArtInput } from '../box-art';
import type { CatalogueUrls } from './urls';

const boxModelOrder = [...catalogueOrder, asc(boxModels.id)];

/** Only active models are listed or shown. */
function selectBoxModels(db: Db, where: SQL | undefined) {
  return joinSeriesAndStyle(db.select(boxModelColumns).from(boxModels).$dynamic(), boxModels.seriesId).where(
    and(eq(boxModels.active, true), where),
  );
}

export async function listBoxModels(
  db: Db,
  query: BoxModelListQuery,
  urls: CatalogueUrls,
): Promise<Page<BoxModelSummary>> {
  const where = and(
    eq(boxModels.active, true),
    query.style ? eq(styles.slug, query.style) : undefined,
    query.series ? eq(series.slug, query.series) : undefined,
  );
  const rows = await joinSeriesAndStyle(
    db
      .select({ ...boxModelColumns, total: totalOverAll() })
      .from(boxModels)
      .$dynamic(),
    boxModels.seriesId,
  )
    .where(where)
    .orderBy(...boxModelOrder)
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const countAll = async () =>
    (
      await joinSeriesAndStyle(
        db.select({ n: count() }).from(boxModels).$dynamic(),
        boxModels.seriesId,
      ).where(where)
    )[0]?.n ?? 0;
  return toPage(rows, query, (row) => toBoxModelSummary(row, urls), countAll);
}

export async function listBoxModelsOfSeries(
  db: Db,
  seriesId: number,
  urls: CatalogueUrls,
): Promise<BoxModelSummary[]> {
  const rows = await selectBoxModels(db, eq(boxModels.seriesId, seriesId)).orderBy(...boxModelOrder);
  return rows.map((row) => toBoxModelSummary(row, urls));
}

export async function getBoxModel(db: Db, id: number, urls: CatalogueUrls): Promise<BoxModelDetail | null> {
  const model = preparedFor(db, 'box_model_by_id', (name) =>
    selectBoxModels(db, eq(boxModels.id, sql.placeholder('id'))).prepare(name),
  );
  const [row] = await model.execute({ id });
  if (!row) return null;
  const lines = await preparedFor(db, 'box_model_lines', (name) => linesOfBox(db).prepare(name)).execute({
    id,
  });
  const summary = toBoxModelSummary(row, urls);
  return {
    ...summary,
    odds: lines.map(({ oddsPpm, stock, hidden, artKey, ...figure }) => ({
      // A hidden secret's line: its odds and stock, never its name, slug or art.
      figure: hidden
        ? hiddenFigureRef({ ...figure, seriesSlug: summary.series.slug }, urls)
        : { ...figure, artUrl: figureArtUrl({ slug: figure.slug, hidden, artKey }, urls, 'public') },
      oddsPpm,
      odds: oddsPpm / ODDS_SCALE,
      stock,
    })),
  };
}

/** What a box model's packaging art is drawn from, or null for a model not on sale. */
export async function getBoxArtInput(db: Db, id: number): Promise<BoxArtInput | null> {
  // Names only: the art never needs the stock (and its count of held orders).
  const [row] = await joinSeriesAndStyle(
    db
      .select({
        artSeed: boxModels.slug,
        name: boxModels.name,
        seriesName: series.name,
        styleSlug: styles.slug,
      })
      .from(boxModels)
      .$dynamic(),
    boxModels.seriesId,
  ).where(and(eq(boxModels.active, true), eq(boxModels.id, id)));
  return row ?? null;
}

/** A box's figures with their odds and stock, in line-up order (the box id as parameter `id`). */
function linesOfBox(db: Db) {
  return db
    .select({
      id: figures.id,
      slug: figures.slug,
      name: figures.name,
      number: figures.number,
      rarity: figures.rarity,
      hidden: hiddenSecret,
      artKey: figures.artKey,
      oddsPpm: boxModelFigures.oddsPpm,
      stock: boxModelFigures.stock,
    })
    .from(boxModelFigures)
    .innerJoin(figures, eq(boxModelFigures.figureId, figures.id))
    .where(eq(boxModelFigures.boxModelId, sql.placeholder('id')))
    .orderBy(asc(figures.number), asc(figures.id));
}
