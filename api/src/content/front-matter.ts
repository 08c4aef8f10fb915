/**
 * Front matter: the YAML block between `---` lines at the top of every document in content/.
 * Parsed with `yaml` (YAML 1.2 core schema: dates stay strings, so zod checks their format) and
 * validated here, so a bad document stops the build naming its file and the field at fault.
 */
import { parse as parseYaml, YAMLParseError } from 'yaml';
import * as z from 'zod';
import { slugSchema } from '@arttoy/shared/contracts/api';

/** A cover is an SVG under content/assets/, named relative to content/: `assets/cloud-bakery.svg`. */
export const COVER_PATTERN = /^assets\/[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/;

export const frontMatterSchema = z.strictObject({
  title: z.string().trim().min(1, 'must not be empty').max(120),
  description: z.string().trim().min(1, 'must not be empty').max(300),
  /** Publication date, YYYY-MM-DD (write it unquoted or quoted; both stay text). */
  date: z.iso.date('must be a date written YYYY-MM-DD'),
  updated: z.optional(z.iso.date('must be a date written YYYY-MM-DD')),
  author: z.optional(z.string().trim().min(1, 'must not be empty')),
  cover: z.optional(
    z.nullable(
      z.string().regex(COVER_PATTERN, 'must name an SVG in content/assets, such as assets/cloud-bakery.svg'),
    ),
  ),
  tags: z.array(slugSchema).max(12).default([]),
  draft: z.boolean().default(false),
  /** Must agree with the file name: `x.md` is `en`, `x.fr.md` is `fr`. */
  locale: z.optional(z.string().regex(/^[a-z]{2}$/, 'must be a two-letter language code such as en')),
});
export type FrontMatter = z.infer<typeof frontMatterSchema>;

/** A document that cannot be compiled; the message names the file and what to change. */
export class ContentError extends Error {
  override name = 'ContentError';
}

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Splits a document into its validated front matter and its Markdown body. */
export function parseFrontMatter(source: string, file: string): { data: FrontMatter; body: string } {
  const match = FENCE.exec(source.replace(/^\uFEFF/, ''));
  if (!match)
    throw new ContentError(
      `${file}: no front matter. Start the file with a "---" line, the fields (title, description, date …), and another "---" line.`,
    );
  let raw: unknown;
  try {
    raw = parseYaml(match[1] ?? '');
  } catch (error) {
    const reason = error instanceof YAMLParseError ? error.message.split('\n')[0] : String(error);
    throw new ContentError(`${file}: the front matter is not valid YAML: ${reason}`);
  }
  const parsed = frontMatterSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => {
      const missing = issue.code === 'invalid_type' && issue.message.endsWith('received undefined');
      return `${issue.path.join('.') || 'front matter'} ${missing ? 'is required' : issue.message}`;
    });
    throw new ContentError(`${file}: invalid front matter: ${issues.join('; ')}.`);
  }
  return { data: parsed.data, body: source.replace(/^\uFEFF/, '').slice(match[0].length) };
}
