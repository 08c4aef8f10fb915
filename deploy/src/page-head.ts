/**
 * The document's head for a server-rendered page: its title and description, its canonical URL,
 * Open Graph and Twitter card tags for link previews, and its schema.org data as JSON-LD, from what
 * the page said about itself (usePageHead). URLs become absolute with the site's configured origin
 * (SITE_ORIGIN), never with a host a request names.
 */
import { absoluteUrl, canonicalPath, documentTitle, SITE_NAME, type PageHead } from '@arttoy/shared/contracts';
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
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, absolutize(item, origin, name)]));
  return value;
}

const DESCRIPTION = /<meta name="description" content="([^"]*)"\s*\/?>/;
const TITLE = /<title>[^<]*<\/title>/;

/**
 * Writes the page's head into the document (`html`, the shell's page): replaces its title and
 * description, and adds the canonical link, link-preview tags and JSON-LD before `</head>`.
 */
export function writePageHead(html: string, head: PageHead | null, url: URL, origin: string): string {
  const fallbackDescription = DESCRIPTION.exec(html)?.[1] ?? '';
  const title = head ? documentTitle(head) : null;
  const description = head?.description?.trim() ? escapeAttribute(head.description.trim()) : fallbackDescription;
  const pageTitle = title ? escapeText(title) : (TITLE.exec(html)?.[0].slice(7, -8) ?? SITE_NAME);
  const canonical = `${origin}${canonicalPath(url)}`;
  const image = head?.image ? absoluteUrl(head.image, origin) : null;
  const tags = [
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
  ];
  // Replacements are functions: a string replacement would read `$&`, `$'`… in a title or a
  // product's name as patterns and copy parts of the document into the head.
  const titleElement = title ? `<title>${escapeText(title)}</title>` : null;
  const descriptionElement = `<meta name="description" content="${description}">`;
  let written = html;
  if (titleElement) written = TITLE.test(written) ? written.replace(TITLE, () => titleElement) : written.replace('</head>', () => `${titleElement}</head>`);
  written = DESCRIPTION.test(written) ? written.replace(DESCRIPTION, () => descriptionElement) : written.replace('</head>', () => `${descriptionElement}</head>`);
  return written.replace('</head>', () => `${tags.join('')}</head>`);
}
