/**
 * Content documents (blog posts, rules and help pages, other site pages) compiled from the Markdown
 * in `content/`, and the site search index. The API serves them; mf-blog, mf-rules, the shell's
 * catch-all page and the search overlay read them.
 *
 * Files and paths: `blog/x.md` → `/blog/x`, `rules/x.md` → `/rules/x`, `help/index.md` → `/help`
 * (`index.md` answers on its folder), `pages/x.md` → `/x`. `x.md` is English; a translation sits
 * beside it as `x.fr.md` (same `_path` and `_stem`, `_locale: 'fr'`), and is compiled but not served
 * until its locale is added to CONTENT_LOCALES.
 *
 * Contact details are set at run time, so documents name them with placeholders that stay in `html`
 * as written: `{{contact.phone}}`, `{{contact.email}}` and `{{contact.phoneHref}}` (the phone as
 * digits for `tel:`). Pages fill them from the runtime config (CONTACT_PHONE, CONTACT_EMAIL); the
 * search index already has them filled in. Links with placeholders are written as raw HTML in the
 * Markdown (`<a href="tel:{{contact.phoneHref}}">{{contact.phone}}</a>`), since Markdown links
 * would percent-encode the braces.
 *
 * Preview: `GET /api/content/preview?token=…&redirect=/blog/x` checks the token (PREVIEW_TOKENS;
 * `local-preview` outside production), sets the HttpOnly `previewToken` cookie and answers 303 to
 * `/blog/x?preview=true`; a wrong token is a 403. `?exit=true` (303 to the redirect without
 * `preview`) or `DELETE /api/content/preview` (204) clears it. Covers are served by the API at
 * `/api/content/assets/{name}.svg?v={hash}`.
 */
import * as z from 'zod';
import { pageQuerySchema, pageSchema, slugSchema } from './common';

/** Locales the site serves; documents of other locales are compiled but not routed yet. */
export const CONTENT_LOCALES = ['en'] as const;
export type ContentLocale = (typeof CONTENT_LOCALES)[number];
export const DEFAULT_CONTENT_LOCALE: ContentLocale = 'en';

/** Content hashes (of a document's source) are cut to this many hex characters. */
export const CONTENT_HASH_LENGTH = 10;

/** A site path a document answers on: `/blog/caring-for-figures`, `/rules/authenticity`, `/about`. */
export const contentPathSchema = z
  .string()
  .max(200)
  .regex(
    /^\/(?:[a-z0-9]+(?:[-_][a-z0-9]+)*)(?:\/[a-z0-9]+(?:[-_][a-z0-9]+)*)*$/,
    'must be a site path such as /rules/authenticity',
  );

/** One heading of a document, for its table of contents (`id` is the anchor in `html`). */
export const contentHeadingSchema = z.object({
  id: z.string(),
  depth: z.int().min(2).max(3),
  text: z.string(),
});
export type ContentHeading = z.infer<typeof contentHeadingSchema>;

/** What lists show of a document. */
export const contentSummarySchema = z.object({
  /** The site path the document answers on. */
  _path: contentPathSchema,
  /** The source file's path under content/, without extension or locale: `blog/caring-for-figures`. */
  _stem: z.string(),
  _locale: z.enum(CONTENT_LOCALES),
  /** The folder under content/: `blog`, `rules`, `help`, `pages`. */
  _dir: z.string(),
  /** Hash of the source, CONTENT_HASH_LENGTH hex characters: changes when the document changes. */
  _hash: z.string().regex(/^[0-9a-f]{10}$/),
  /** The last segment of `_path`: a blog post's `{id}`. */
  slug: slugSchema,
  title: z.string().min(1),
  description: z.string(),
  /** Publication date, YYYY-MM-DD. */
  date: z.iso.date(),
  /** Last change, YYYY-MM-DD (front matter `updated`, else `date`). */
  updated: z.iso.date(),
  author: z.nullable(z.string()),
  /** Origin-relative URL of the cover image, or null. */
  cover: z.nullable(z.string()),
  tags: z.array(slugSchema),
  draft: z.boolean(),
  readingMinutes: z.int().positive(),
});
export type ContentSummary = z.infer<typeof contentSummarySchema>;

/** A whole document: sanitised HTML (no scripts, no event handlers, no foreign frames) and its headings. */
export const contentDocumentSchema = contentSummarySchema.extend({
  html: z.string(),
  toc: z.array(contentHeadingSchema),
});
export type ContentDocument = z.infer<typeof contentDocumentSchema>;

/** `GET /api/content/document?path=…`: the document and, in its folder, its neighbours by date. */
export const contentDocumentResponseSchema = z.object({
  document: contentDocumentSchema,
  /** The next older and next newer document of the same folder (blog: previous / next post). */
  previous: z.nullable(contentSummarySchema),
  next: z.nullable(contentSummarySchema),
  /** Up to three documents of the same folder sharing the most tags. */
  related: z.array(contentSummarySchema),
});
export type ContentDocumentResponse = z.infer<typeof contentDocumentResponseSchema>;

/** `preview=true` asks for drafts too; the API honours it only with a valid `previewToken` cookie. */
const previewQuery = z.optional(z.enum(['true', 'false']));

export const contentDocumentQuerySchema = z.object({
  path: contentPathSchema,
  locale: z.enum(CONTENT_LOCALES).default(DEFAULT_CONTENT_LOCALE),
  preview: previewQuery,
});
export type ContentDocumentQuery = z.input<typeof contentDocumentQuerySchema>;

/** `GET /api/content/documents?dir=blog&tag=&page=&pageSize=`: newest first. */
export const contentListQuerySchema = pageQuerySchema.extend({
  dir: slugSchema,
  tag: z.optional(slugSchema),
  locale: z.enum(CONTENT_LOCALES).default(DEFAULT_CONTENT_LOCALE),
  preview: previewQuery,
});
export type ContentListQuery = z.input<typeof contentListQuerySchema>;
export const contentListSchema = pageSchema(contentSummarySchema).extend({
  /** Every tag used in the folder, with its count, for the tag filter. */
  tags: z.array(z.object({ tag: slugSchema, count: z.int().positive() })),
});
export type ContentList = z.infer<typeof contentListSchema>;

export const SEARCH_ENTRY_KINDS = ['post', 'rules', 'help', 'page', 'series', 'figure', 'box'] as const;
export type SearchEntryKind = (typeof SEARCH_ENTRY_KINDS)[number];

/**
 * A URL on this site's own origin (`/gallery/series/x`, `/api/figures/x/art.svg?v=2`): a single
 * leading slash, so never another host (`//host`, `/\host`), and no whitespace.
 */
export const siteUrlSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'must be a URL on this site, such as /gallery/series/moonlit-forest');

/** One searchable thing: `GET /api/search.json` is an array of these (published documents only). */
export const searchEntrySchema = z.object({
  /** Unique across kinds: `post:/blog/x`, `figure:moon-stag`, `box:3`. */
  id: z.string(),
  kind: z.enum(SEARCH_ENTRY_KINDS),
  /** Where the result links to. */
  path: siteUrlSchema,
  title: z.string(),
  /** A line under the title in the results (a box's carries its price: "Mystery box from Moonlit Forest · $12.00"). */
  description: z.string(),
  headings: z.array(z.string()),
  /** Plain text of the body (no markup), for full-text matching. */
  text: z.string(),
  /**
   * A small picture for the result: a figure's art, the first figure's art for a series, a box's
   * packaging, a post's cover. Absent when the entry has none.
   */
  image: z.optional(siteUrlSchema),
});
export type SearchEntry = z.infer<typeof searchEntrySchema>;
export const searchIndexSchema = z.array(searchEntrySchema);
