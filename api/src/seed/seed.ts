/**
 * Loads the seed catalogue. Idempotent: rows are matched by slug, so running it again updates
 * names, descriptions and what a figure's art draws (kind, pose, prop) and adds what is missing,
 * but never touches stock or odds of a box line that exists (orders may have used them), nor a
 * figure's art seed (its colours and proportions stay when it is renamed).
 */
import { count, inArray, sql } from 'drizzle-orm';
import { assertOddsSumToOne, splitOdds } from '../domain/box-odds';
import type { Db } from '../db/connect';
import { boxModelFigures, boxModels, figures, series, styles } from '../db/schema';
import { SEED_SERIES, SEED_STYLES } from './catalogue-data';
import type { SeedSeries, SeedStyle } from './catalogue-types';

export interface SeedResult {
  styles: number;
  series: number;
  figures: number;
  boxModels: number;
}

export interface SeedCatalogue {
  styles: readonly SeedStyle[];
  series: readonly SeedSeries[];
}

const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const figureSlug = (seriesSlug: string, figureName: string) => `${seriesSlug}-${slugify(figureName)}`;

export async function seedCatalogue(
  db: Db,
  catalogue: SeedCatalogue = { styles: SEED_STYLES, series: SEED_SERIES },
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const styleRows = await tx
      .insert(styles)
      .values(catalogue.styles.map((style, position) => ({ ...style, position })))
      .onConflictDoUpdate({
        target: styles.slug,
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          position: sql`excluded.position`,
        },
      })
      .returning({ id: styles.id, slug: styles.slug });
    const styleId = idsBySlug(styleRows);

    const seriesRows = await tx
      .insert(series)
      .values(
        catalogue.series.map((item, position) => ({
          slug: item.slug,
          styleId: mustFind(styleId, item.style, `series ${item.slug}`),
          name: item.name,
          description: item.description,
          releasedOn: item.releasedOn,
          position,
        })),
      )
      .onConflictDoUpdate({
        target: series.slug,
        set: {
          styleId: sql`excluded.style_id`,
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          releasedOn: sql`excluded.released_on`,
          position: sql`excluded.position`,
        },
      })
      .returning({ id: series.id, slug: series.slug });
    const seriesId = idsBySlug(seriesRows);

    const figureValues = catalogue.series.flatMap((item) =>
      [...item.figures, item.secret].map(([name, description, art], index) => ({
        slug: figureSlug(item.slug, name),
        seriesId: mustFind(seriesId, item.slug, `figure ${name}`),
        number: index + 1,
        name,
        description,
        rarity: index === item.figures.length ? ('secret' as const) : ('regular' as const),
        artSeed: figureSlug(item.slug, name),
        artKind: art.kind,
        artPose: art.pose ?? ('stand' as const),
        artProp: art.prop ?? null,
        heightMm: item.heightMm,
      })),
    );
    const figureRows = await tx
      .insert(figures)
      .values(figureValues)
      .onConflictDoUpdate({
        target: figures.slug,
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          number: sql`excluded.number`,
          rarity: sql`excluded.rarity`,
          heightMm: sql`excluded.height_mm`,
          artKind: sql`excluded.art_kind`,
          artPose: sql`excluded.art_pose`,
          artProp: sql`excluded.art_prop`,
        },
      })
      .returning({ id: figures.id, slug: figures.slug });
    const figureId = idsBySlug(figureRows);

    const boxes = catalogue.series.flatMap((item) => item.boxes.map((box) => ({ item, box })));
    const boxRows = await tx
      .insert(boxModels)
      .values(
        boxes.map(({ item, box }) => ({
          slug: box.slug,
          seriesId: mustFind(seriesId, item.slug, `box ${box.slug}`),
          name: box.name,
          description: box.description,
          priceMinor: box.priceMinor,
          currency: box.currency,
        })),
      )
      .onConflictDoUpdate({
        target: boxModels.slug,
        set: { name: sql`excluded.name`, description: sql`excluded.description` },
      })
      .returning({ id: boxModels.id, slug: boxModels.slug });
    const boxId = idsBySlug(boxRows);

    const lines = boxes.flatMap(({ item, box }) => {
      const odds = splitOdds(item.figures.length, box.secretOddsPpm);
      assertOddsSumToOne(box.slug, [...odds.regular, odds.secret]);
      const line = (name: string, oddsPpm: number, stock: number) => ({
        boxModelId: mustFind(boxId, box.slug, 'box line'),
        figureId: mustFind(figureId, figureSlug(item.slug, name), `box ${box.slug}`),
        oddsPpm,
        stock,
      });
      return [
        ...item.figures.map(([name], index) => line(name, odds.regular[index] ?? 0, box.stock.regular)),
        line(item.secret[0], odds.secret, box.stock.secret),
      ];
    });
    await tx.insert(boxModelFigures).values(lines).onConflictDoNothing();

    return {
      styles: styleRows.length,
      series: seriesRows.length,
      figures: figureRows.length,
      boxModels: boxRows.length,
    };
  });
}

/** Seeds only a database whose catalogue is empty: the embedded database's first start. */
export async function seedIfEmpty(db: Db): Promise<SeedResult | null> {
  const [row] = await db.select({ styles: count() }).from(styles);
  if ((row?.styles ?? 0) > 0) return null;
  return seedCatalogue(db);
}

/** Ids of the seed's figures, for tests that need real rows. */
export async function figureIdsBySlug(db: Db, slugs: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: figures.id, slug: figures.slug })
    .from(figures)
    .where(inArray(figures.slug, slugs));
  return idsBySlug(rows);
}

function idsBySlug(rows: { id: number; slug: string }[]): Map<string, number> {
  return new Map(rows.map((row) => [row.slug, row.id]));
}

function mustFind(ids: Map<string, number>, slug: string, what: string): number {
  const id = ids.get(slug);
  if (id === undefined)
    throw new Error(`Seed catalogue: ${what} refers to "${slug}", which is not in the catalogue.`);
  return id;
}
