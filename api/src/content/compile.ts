/**
 * One Markdown file → one compiled document: where it answers (`_path`), what it is (`_stem`,
 * `_locale`, `_dir`, `_hash`), its front matter, sanitised HTML, table of contents and search text.
 */
import { createHash } from 'node:crypto';
import {
  CONTENT_HASH_LENGTH,
  type ContentDocument,
  contentPathSchema,
  DEFAULT_CONTENT_LOCALE,
  type SearchEntryKind,
} from '@arttoy/shared/contracts/api';
import { ContentError, parseFrontMatter } from './front-matter';
import { readingMinutes, renderMarkdown } from './markdown';

/** A compiled document as stored in the build. Locales beyond the served ones are kept, not routed. */
export type CompiledDocument = Omit<ContentDocument, '_locale' | 'cover'> & {
  _locale: string;
  /** The cover as named in the front matter (`assets/x.svg`); the API turns it into a URL. */
  cover: string | null;
  /** Every heading's text and the body's plain text, for the search index. */
  headings: string[];
  text: string;
};

/** SHA-256 of the text, cut to CONTENT_HASH_LENGTH hex characters. */
export const contentHash = (text: string | Buffer): string =>
  createHash('sha256').update(text).digest('hex').slice(0, CONTENT_HASH_LENGTH);

const FILE_PATTERN = /^((?:[a-z0-9]+(?:[-_][a-z0-9]+)*\/)*[a-z0-9]+(?:[-_][a-z0-9]+)*)(?:\.([a-z]{2}))?\.md$/;

/**
 * Where a file answers: `blog/x.md` → `/blog/x`, `help/index.md` → `/help`, `pages/about.md` →
 * `/about` (pages/ holds top-level pages). `x.fr.md` is the `fr` version of `x.md`, same path.
 */
export function locateSource(file: string): { stem: string; locale: string; path: string; dir: string } {
  const match = FILE_PATTERN.exec(file);
  if (!match?.[1]) {
    throw new ContentError(
      `${file}: file names must be lower-case words joined by - or _, ending in .md (or .<locale>.md, e.g. about.fr.md).`,
    );
  }
  const stem = match[1];
  const segments = stem.split('/');
  if (segments.length < 2)
    throw new ContentError(`${file}: put the document in a folder (blog/, rules/, help/ or pages/).`);
  const dir = segments[0] as string;
  const routed = (dir === 'pages' ? segments.slice(1) : segments).filter(
    (segment, index, all) => !(segment === 'index' && index === all.length - 1),
  );
  const path = `/${routed.join('/')}`;
  if (!contentPathSchema.safeParse(path).success)
    throw new ContentError(`${file}: answers on "${path}", which is not a valid site path.`);
  return { stem, locale: match[2] ?? DEFAULT_CONTENT_LOCALE, path, dir };
}

/** Compiles one file; `file` is its path under content/ with forward slashes. */
export function compileDocument(source: string, file: string): CompiledDocument {
  const place = locateSource(file);
  const { data, body } = parseFrontMatter(source, file);
  if (data.locale && data.locale !== place.locale) {
    throw new ContentError(
      `${file}: front matter says locale "${data.locale}" but the file name says "${place.locale}"; name the file x.${data.locale}.md or fix the field.`,
    );
  }
  if (data.updated && data.updated < data.date)
    throw new ContentError(`${file}: updated (${data.updated}) is before date (${data.date}).`);
  const rendered = renderMarkdown(body);
  if (!rendered.text) throw new ContentError(`${file}: the document has no text after its front matter.`);
  return {
    _path: place.path,
    _stem: place.stem,
    _locale: place.locale,
    _dir: place.dir,
    _hash: contentHash(source),
    slug: place.path.split('/').at(-1) as string,
    title: data.title,
    description: data.description,
    date: data.date,
    updated: data.updated ?? data.date,
    author: data.author ?? null,
    cover: data.cover ?? null,
    tags: data.tags,
    draft: data.draft,
    readingMinutes: readingMinutes(rendered.words),
    html: rendered.html,
    toc: rendered.toc,
    headings: rendered.headings,
    text: rendered.text,
  };
}

/** What a document of a folder is called in search results. */
export function searchKindOf(dir: string): SearchEntryKind {
  if (dir === 'blog') return 'post';
  if (dir === 'rules') return 'rules';
  if (dir === 'help') return 'help';
  return 'page';
}
