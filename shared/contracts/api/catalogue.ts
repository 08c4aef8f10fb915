/** The gallery's catalogue: styles → series → figures, and the mystery box models of a series. */
import * as z from 'zod';
import { moneySchema, pageQuerySchema, pageSchema, slugSchema } from './common';

export const FIGURE_RARITIES = ['regular', 'secret'] as const;
export type FigureRarity = (typeof FIGURE_RARITIES)[number];

/** Parts per million: box odds are integers that sum to exactly 1 000 000. */
export const ODDS_SCALE = 1_000_000;

const nameRef = z.object({ slug: slugSchema, name: z.string() });

export const styleSchema = z.object({
  id: z.int().positive(),
  slug: slugSchema,
  name: z.string(),
  description: z.string(),
  seriesCount: z.int().nonnegative(),
  /** Art of the first figure of the style's first series, for cards; null while the style is empty. */
  coverArtUrl: z.nullable(z.string()),
});
export type Style = z.infer<typeof styleSchema>;

/**
 * A secret figure's name and art are shown to everyone once it has been pulled this many times
 * (counted over every box); until then the API writes it in every public answer as the hidden form
 * below, and only its owners see it, in their own signed-in answers (locker, draws). The rule is
 * written for collectors in content/rules/terms_of_service.md.
 */
export const SECRET_REVEAL_PULLS = 10;

/** What a secret still hidden is called in every public answer. */
export const HIDDEN_SECRET_NAME = 'Secret figure';

/**
 * A hidden secret's slug in public answers: its series' slug and `-secret`, never its own (figure
 * slugs are made of their names). No figure page answers on it.
 */
export const hiddenSecretSlug = (seriesSlug: string) => `${seriesSlug}-secret`;

export const figureSchema = z.object({
  id: z.int().positive(),
  slug: slugSchema,
  name: z.string(),
  description: z.string(),
  /** Place in the series' line-up, 1-based; the secret figure comes last. */
  number: z.int().positive(),
  rarity: z.enum(FIGURE_RARITIES),
  heightMm: z.int().positive(),
  /** Origin-relative URL of the figure's SVG art (versioned, cacheable forever). */
  artUrl: z.string(),
  series: nameRef,
  style: nameRef,
  /**
   * true: a secret figure not yet revealed (SECRET_REVEAL_PULLS); its name, slug, description and
   * art are the hidden form (HIDDEN_SECRET_NAME, hiddenSecretSlug, the placeholder art), and it has
   * no page of its own.
   */
  hidden: z.optional(z.boolean()),
});
export type Figure = z.infer<typeof figureSchema>;

export const seriesSummarySchema = z.object({
  id: z.int().positive(),
  slug: slugSchema,
  name: z.string(),
  description: z.string(),
  /** Release date, YYYY-MM-DD. */
  releasedOn: z.iso.date(),
  style: nameRef,
  figureCount: z.int().nonnegative(),
  /** Art of the series' first figure, for cards. */
  coverArtUrl: z.nullable(z.string()),
});
export type SeriesSummary = z.infer<typeof seriesSummarySchema>;

export const boxModelSummarySchema = z.object({
  id: z.int().positive(),
  slug: slugSchema,
  name: z.string(),
  description: z.string(),
  /** The box's packaging art (SVG, generated per model in its series' palette; never a figure's art). */
  artUrl: z.string(),
  price: moneySchema,
  series: nameRef,
  style: nameRef,
  /**
   * Boxes on sale: the sum of every figure's stock less the boxes held by orders awaiting payment
   * (or paid and not yet drawn), what an order may still take. 0: sold out, or every box left held.
   */
  stock: z.int().nonnegative(),
});
export type BoxModelSummary = z.infer<typeof boxModelSummarySchema>;

export const styleDetailSchema = styleSchema.extend({ series: z.array(seriesSummarySchema) });
export type StyleDetail = z.infer<typeof styleDetailSchema>;

export const seriesDetailSchema = seriesSummarySchema.extend({
  figures: z.array(figureSchema),
  boxModels: z.array(boxModelSummarySchema),
});
export type SeriesDetail = z.infer<typeof seriesDetailSchema>;

/** One line of a box's published odds. */
export const boxOddsSchema = z.object({
  figure: figureSchema.pick({
    id: true,
    slug: true,
    name: true,
    number: true,
    rarity: true,
    artUrl: true,
    hidden: true,
  }),
  oddsPpm: z.int().positive().max(ODDS_SCALE),
  /** oddsPpm / 1 000 000, for display. */
  odds: z.number().positive().max(1),
  /** Units of this figure in stock. Boxes held by unpaid orders are not taken from it: which figure an order gets is known only at its draw. */
  stock: z.int().nonnegative(),
});
export const boxModelDetailSchema = boxModelSummarySchema.extend({ odds: z.array(boxOddsSchema) });
export type BoxOdds = z.infer<typeof boxOddsSchema>;
export type BoxModelDetail = z.infer<typeof boxModelDetailSchema>;

export const stylePageSchema = pageSchema(styleSchema);
export const seriesPageSchema = pageSchema(seriesSummarySchema);
export const figurePageSchema = pageSchema(figureSchema);
export const boxModelPageSchema = pageSchema(boxModelSummarySchema);

/** Free-text search over names, trimmed; an empty `q` means no filter. */
const searchText = z.string().trim().max(80);

export const styleListQuerySchema = pageQuerySchema;
export const SERIES_SORTS = ['catalogue', 'newest'] as const;
export const seriesListQuerySchema = pageQuerySchema.extend({
  style: z.optional(slugSchema),
  q: z.optional(searchText),
  /** `true`: only series with a mystery box on sale (the gallery's featured series). */
  onSale: z.optional(z.enum(['true', 'false'])),
  /** catalogue: gallery order (default); newest: latest release first. */
  sort: z.enum(SERIES_SORTS).default('catalogue'),
});
export const FIGURE_SORTS = ['catalogue', 'name', 'newest'] as const;
export const figureListQuerySchema = pageQuerySchema.extend({
  style: z.optional(slugSchema),
  series: z.optional(slugSchema),
  rarity: z.optional(z.enum(FIGURE_RARITIES)),
  q: z.optional(searchText),
  /** catalogue: style, series, line-up number (default); name: A→Z; newest: latest series first. */
  sort: z.enum(FIGURE_SORTS).default('catalogue'),
});
export const boxModelListQuerySchema = pageQuerySchema.extend({
  style: z.optional(slugSchema),
  series: z.optional(slugSchema),
});
export type SeriesListQuery = z.infer<typeof seriesListQuerySchema>;
export type FigureListQuery = z.infer<typeof figureListQuerySchema>;
export type BoxModelListQuery = z.infer<typeof boxModelListQuerySchema>;

export const slugParamsSchema = z.object({ slug: slugSchema });

/**
 * What the gallery's /gallery/{path} names (GET /api/gallery-paths/{slug}): a figure or a series.
 * One answer instead of asking for both, one of which would be a 404 on every valid page.
 */
export const galleryPathSchema = z.object({ kind: z.enum(['figure', 'series']), slug: slugSchema });
export type GalleryPath = z.infer<typeof galleryPathSchema>;
/** Box model ids are numeric, as in the site's /mysterybox/{model_id}. */
export const boxModelParamsSchema = z.object({
  id: z.coerce.number<string | number>().int().positive().max(2_147_483_647),
});
