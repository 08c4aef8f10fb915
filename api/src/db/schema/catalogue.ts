/**
 * The catalogue: styles → series → figures, and the mystery box models sold from a series.
 * Ids are `integer` (int4): the catalogue grows by hand, far below int4's end. Tables that grow with
 * traffic (users, orders, payments, draws, …) have int8 ids (columns.ts, migration 0009).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { FIGURE_RARITIES } from '@arttoy/shared/contracts/api';
import { createdAt, inList, minorUnits } from './columns';

/** Lower-case words joined by dashes: the URL form of every catalogue name. */
const slugCheck = (column: AnyPgColumn) => sql`${column} ~ '^[a-z0-9]+([-_][a-z0-9]+)*$'`;

export const styles = pgTable(
  'styles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Display order in the gallery; ties fall back to the id, so paging is stable. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [check('styles_slug_format', slugCheck(t.slug))],
);

export const series = pgTable(
  'series',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    styleId: integer('style_id')
      .notNull()
      .references(() => styles.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    releasedOn: date('released_on', { mode: 'string' }).notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('series_slug_format', slugCheck(t.slug)),
    index('series_style_idx').on(t.styleId, t.position, t.id),
  ],
);

export const figures = pgTable(
  'figures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'restrict' }),
    /** Place in the series' line-up (1..n); the secret figure comes last. */
    number: integer('number').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    rarity: text('rarity', { enum: FIGURE_RARITIES }).notNull(),
    /** Input of the deterministic SVG art; kept apart from the slug so a rename keeps the art. */
    artSeed: text('art_seed').notNull(),
    /**
     * What the art draws: the kind of figure, its pose and what it holds or wears (domain/figure-art.ts),
     * as its description tells it. Text, not an enum: a new kind needs new drawing code, not a migration.
     * The names belong to the art generator: the domain reads them as its own types.
     */
    artKind: text('art_kind').notNull().default('bear'),
    artPose: text('art_pose').notNull().default('stand'),
    artProp: text('art_prop'),
    heightMm: integer('height_mm').notNull(),
    /**
     * When a secret figure was revealed to everyone: its SECRET_REVEAL_PULLS-th pull
     * (arttoy_write_draw). Null while hidden (and for regular figures, which are never hidden).
     */
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
    /**
     * Random and never derived from the name: the key a hidden secret's art URL carries
     * (`?key=`), so only answers that may show it (an owner's) can name a working URL.
     */
    artKey: text('art_key')
      .notNull()
      .default(sql`md5(random()::text || clock_timestamp()::text)`),
    createdAt: createdAt(),
  },
  (t) => [
    check('figures_slug_format', slugCheck(t.slug)),
    check('figures_rarity', inList(t.rarity, FIGURE_RARITIES)),
    check('figures_number_positive', sql`${t.number} > 0`),
    check('figures_height_positive', sql`${t.heightMm} > 0`),
    unique('figures_series_number').on(t.seriesId, t.number),
  ],
);

export const boxModels = pgTable(
  'box_models',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    priceMinor: minorUnits('price_minor').notNull(),
    currency: text('currency').notNull(),
    /** Only active models are listed and sold. */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('box_models_slug_format', slugCheck(t.slug)),
    check('box_models_price_positive', sql`${t.priceMinor} > 0`),
    check('box_models_currency_format', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    index('box_models_series_idx').on(t.seriesId),
  ],
);

/**
 * What a box can hold: every figure of its series with its published odds and remaining stock.
 * Odds are parts per million (integers, so they sum to exactly 1 000 000 = 1); the sum is checked
 * when a model is written (domain/box-odds.ts), as a CHECK cannot see other rows.
 */
export const boxModelFigures = pgTable(
  'box_model_figures',
  {
    boxModelId: integer('box_model_id')
      .notNull()
      .references(() => boxModels.id, { onDelete: 'cascade' }),
    figureId: integer('figure_id')
      .notNull()
      .references(() => figures.id, { onDelete: 'restrict' }),
    oddsPpm: integer('odds_ppm').notNull(),
    /** Units left; stock-changing queries lock the row (SELECT … FOR UPDATE). */
    stock: integer('stock').notNull(),
  },
  (t) => [
    primaryKey({ name: 'box_model_figures_pk', columns: [t.boxModelId, t.figureId] }),
    check('box_model_figures_odds_range', sql`${t.oddsPpm} > 0 AND ${t.oddsPpm} <= 1000000`),
    check('box_model_figures_stock_non_negative', sql`${t.stock} >= 0`),
    index('box_model_figures_figure_idx').on(t.figureId),
  ],
);
