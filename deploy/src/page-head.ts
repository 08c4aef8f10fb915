/**
 * The document's head for a server-rendered page: its title and description, its canonical URL,
 * Open Graph and Twitter card tags for link previews, and its schema.org data as JSON-LD, from what
 * the page said about itself (usePageHead). URLs become absolute with the site's configured origin
 * (SITE_ORIGIN), never with a host a request names.
 */
import {
  absoluteUrl,
  canonicalPath,
  documentTitle,
  SITE_NAME,
  type PageHead,
} from '@arttoy/shared/contracts';
import { jsonLdElement } from './runtime-config';

export { canonicalPath };
/** Keys of schema.org objects whose values are URLs. */
const URL_KEYS = new Set(['url', 'item', 'image', 'mainEntityOfPage', '@id']);

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

function absolutize(value: unknown, origin: string, key = ''): unknown {
  if (typeof value === 'string') return URL_KEYS.has(key) ? absoluteUrl(value, origin) : value;
  if (Array.isArray(value)) return value.map((item) => absolutize(item, origin, key));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, absolutize(item, origin, name)]),
    );
  return value;
}

const DESCRIPTION = /<meta name="description" content="([^"]*)"\s*\/?>/;
const TITLE = /<title>([^<]*)<\/title>/;

/** What a document says of itself when its page says nothing: the shell page's title and description, as written there. */
export interface SiteHead {
  /** The title's text, escaped as in the document. */
  title: string;
  /** The description's content attribute, escaped as in the document. */
  description: string;
}

/** Takes the title and description out of the shell's page (`html`, its head or the whole): the page's head writes them. */
export function takeSiteHead(html: string): { html: string; site: SiteHead } {
  const site = { title: TITLE.exec(html)?.[1] ?? SITE_NAME, description: DESCRIPTION.exec(html)?.[1] ?? '' };
  return { html: html.replace(TITLE, '').replace(DESCRIPTION, ''), site };
}

/** The site's own title and description elements: a document whose page is rendered in the browser. */
export function siteHeadElements(site: SiteHead): string {
  return `<title>${site.title}</title><meta name="description" content="${site.description}">`;
}

/**
 * The head of a server-rendered page: its title and description (the site's where it declares
 * none), its canonical URL, link-preview tags and JSON-LD.
 */
export function pageHeadElements(head: PageHead | null, url: URL, origin: string, site: SiteHead): string {
  const title = head ? documentTitle(head) : null;
  const description = head?.description?.trim() ? escapeAttribute(head.description.trim()) : site.description;
  const pageTitle = title ? escapeText(title) : site.title;
  const canonical = `${origin}${canonicalPath(url)}`;
  const image = head?.image ? absoluteUrl(head.image, origin) : null;
  return [
    `<title>${pageTitle}</title>`,
    `<meta name="description" content="${description}">`,
    `<link rel="canonical" href="${escapeAttribute(canonical)}">`,
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    `<meta property="og:type" content="${head?.type ?? 'website'}">`,
    `<meta property="og:title" content="${escapeAttribute(head?.title ?? pageTitle)}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${escapeAttribute(canonical)}">`,
    ...(image ? [`<meta property="og:image" content="${escapeAttribute(image)}">`] : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${escapeAttribute(head?.title ?? pageTitle)}">`,
    `<meta name="twitter:description" content="${description}">`,
    ...(image ? [`<meta name="twitter:image" content="${escapeAttribute(image)}">`] : []),
    ...(head?.structuredData ?? []).map((thing) => jsonLdElement(absolutize(thing, origin))),
  ].join('');
}

/**
 * Writes the page's head into the document (`html`, the shell's page): its title and description
 * replace the site's, and the canonical link, link-preview tags and JSON-LD come before `</head>`.
 */
export function writePageHead(html: string, head: PageHead | null, url: URL, origin: string): string {
  const { html: rest, site } = takeSiteHead(html);
  // A function replacement: a string one would read `$&`, `$'`… in a title or a product's name as
  // patterns and copy parts of the document into the head.
  return rest.replace('</head>', () => `${pageHeadElements(head, url, origin, site)}</head>`);
}
