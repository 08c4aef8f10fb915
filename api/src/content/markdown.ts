/**
 * Markdown → safe HTML, with heading anchors, a table of contents and the plain text for search.
 * markdown-it renders (raw HTML allowed in the source, so authors can use a <kbd> or a table), then
 * sanitize-html keeps only an allow-list: no scripts, no event handlers, no javascript: or data:
 * URLs, no frames, no forms, no styles beyond table alignment. The HTML is shown with
 * dangerouslySetInnerHTML, so this file is the site's defence against a hostile document.
 */
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import type { ContentHeading } from '@arttoy/shared/contracts/api';

export interface RenderedMarkdown {
  html: string;
  /** The h2 and h3 headings, in order, with the ids their elements carry. */
  toc: ContentHeading[];
  /** Every heading's text (h1-h6), for search. */
  headings: string[];
  /** The body as plain text, one space between blocks. */
  text: string;
  words: number;
}

const markdown = new MarkdownIt({ html: true, linkify: false, typographer: true });
type Token = ReturnType<MarkdownIt['parse']>[number];

/** The text a reader sees in an inline token (links, emphasis and code spans unwrapped). */
function inlineText(token: Token | undefined): string {
  if (!token?.children) return token?.content ?? '';
  return token.children
    .map((child) =>
      child.type === 'text' || child.type === 'code_inline'
        ? child.content
        : child.type === 'softbreak'
          ? ' '
          : '',
    )
    .join('');
}

/** GitHub-style anchor: lower case, letters, digits and dashes; `-2`, `-3` … for repeats. */
export function slugify(text: string, taken: Map<string, number>): string {
  const base =
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9\s-]/g, '')
      .trim()
      .replace(/[\s-]+/g, '-') || 'section';
  const seen = taken.get(base) ?? 0;
  taken.set(base, seen + 1);
  return seen === 0 ? base : `${base}-${seen + 1}`;
}

const ALLOWED_TAGS = [...sanitizeHtml.defaults.allowedTags, 'img', 'del', 'ins'].filter(
  (tag) => !['main', 'nav'].includes(tag),
);

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    abbr: ['title'],
    time: ['datetime'],
    ol: ['start'],
    td: ['style'],
    th: ['style'],
    ...Object.fromEntries(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => [tag, ['id']])),
  },
  allowedStyles: {
    td: { 'text-align': [/^(left|right|center)$/] },
    th: { 'text-align': [/^(left|right|center)$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Images only from our own origin: nothing loads from another host.
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      const { target: _target, rel: _rel, ...rest } = attribs;
      return { tagName, attribs: external ? { ...rest, rel: 'noopener noreferrer' } : rest };
    },
  },
};

/** Renders a document body. Headings get ids; raw HTML is sanitised together with the rest. */
export function renderMarkdown(body: string): RenderedMarkdown {
  const tokens = markdown.parse(body, {});
  const taken = new Map<string, number>();
  const toc: ContentHeading[] = [];
  const headings: string[] = [];
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const text = inlineText(tokens[index + 1]).trim();
    const id = slugify(text, taken);
    token.attrSet('id', id);
    headings.push(text);
    const depth = Number(token.tag.slice(1));
    if (depth === 2 || depth === 3) toc.push({ id, depth, text });
  });
  const html = sanitizeHtml(markdown.renderer.render(tokens, markdown.options, {}), SANITIZE_OPTIONS);
  // The search text is what the sanitised page shows, so nothing removed from it can be found.
  const text = unescapeText(
    sanitizeHtml(html.replace(/<\/(p|li|h[1-6]|td|th|pre|blockquote|div)>/g, ' $&'), {
      allowedTags: [],
      allowedAttributes: {},
    }),
  )
    .replace(/\s+/g, ' ')
    .trim();
  return { html, toc, headings, text, words: text ? text.split(' ').length : 0 };
}

/** Undoes the escaping sanitize-html applies to text (it escapes exactly these four). */
const unescapeText = (text: string): string =>
  text.replace(
    /&(lt|gt|quot|amp);/g,
    (_entity, name: string) => ({ lt: '<', gt: '>', quot: '"', amp: '&' })[name] as string,
  );

/** Minutes at 220 words a minute, at least one. */
export const readingMinutes = (words: number): number => Math.max(1, Math.ceil(words / 220));
