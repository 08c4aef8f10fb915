/**
 * The site's icons: an SVG favicon, PNG icons for tabs, home screens and install prompts, and the
 * web app manifest that names them. One drawing, deploy/icons/icon.svg; the PNGs and favicon.ico
 * are made from it by `npm run icons -w deploy` (make-icons.ts) and committed, so nothing is fetched
 * or drawn at run time. The site server serves them under /icons/ with a hash of their bytes in the
 * name (immutable for a year: a new drawing is a new URL) and links them from every document.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { projectPath } from '@arttoy/api/project-files';

export const ICONS_DIR = projectPath('deploy/icons');

/** The drawing's background (its rect's fill) and the page's: the manifest's colours. */
export const ICON_COLOURS = { theme: '#5b3df5', background: '#fbf8f4' } as const;

/** The files made from icon.svg: their pixel size and how they are drawn. */
export const ICON_RENDITIONS = [
  { file: 'icon-32.png', size: 32, fit: 'as-drawn' },
  { file: 'icon-192.png', size: 192, fit: 'as-drawn' },
  { file: 'icon-512.png', size: 512, fit: 'as-drawn' },
  // iOS rounds the corners itself and shows transparency as black: a full square.
  { file: 'apple-touch-icon.png', size: 180, fit: 'full-bleed' },
  // Launchers crop maskable icons to any shape inside the middle 80 %: the drawing sits in it.
  { file: 'icon-maskable-512.png', size: 512, fit: 'maskable' },
] as const;

export type IconFile = 'icon.svg' | 'favicon.ico' | (typeof ICON_RENDITIONS)[number]['file'];

export interface SiteFile {
  type: string;
  body: Buffer;
  cacheControl: string;
}

export interface SiteIcons {
  /** Every icon URL the site answers, with its bytes, type and caching. */
  files: ReadonlyMap<string, SiteFile>;
  /** The hashed URL of each file (and of the manifest). */
  urls: Readonly<Record<IconFile | 'site.webmanifest', string>>;
  /** The `<link>` elements of every document's head. */
  links: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Well-known names browsers and crawlers ask for without a link: not hashed, so cached for a day. */
const A_DAY = 'public, max-age=86400';

const TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

function hashedUrl(file: string, body: Buffer): string {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  const ext = path.extname(file);
  return `/icons/${path.basename(file, ext)}.${hash}${ext}`;
}

/** Reads the committed icons (`dir`, deploy/icons by default) and makes the manifest naming them. */
export async function readSiteIcons(dir = ICONS_DIR): Promise<SiteIcons> {
  const names: IconFile[] = [
    'icon.svg',
    'favicon.ico',
    ...ICON_RENDITIONS.map((rendition) => rendition.file),
  ];
  const files = new Map<string, SiteFile>();
  const urls = {} as Record<IconFile | 'site.webmanifest', string>;
  const add = (name: IconFile | 'site.webmanifest', body: Buffer) => {
    urls[name] = hashedUrl(name, body);
    files.set(urls[name], {
      type: TYPES[path.extname(name)] ?? 'application/octet-stream',
      body,
      cacheControl: IMMUTABLE,
    });
  };
  for (const name of names) {
    const body = await fs.readFile(path.join(dir, name)).catch((error: unknown) => {
      throw new Error(
        `The site icon ${path.join(dir, name)} could not be read (${error instanceof Error ? error.message : String(error)}): run npm run icons -w deploy to make it from icon.svg.`,
      );
    });
    add(name, body);
  }
  const png = (file: IconFile, size: number, purpose: string) => ({
    src: urls[file],
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  const manifest = {
    name: 'ArtToy Club',
    short_name: 'ArtToy',
    description: 'Art toys by style and series, mystery boxes drawn fairly, and a locker for what you own.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: ICON_COLOURS.theme,
    background_color: ICON_COLOURS.background,
    icons: [
      { src: urls['icon.svg'], sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      png('icon-192.png', 192, 'any'),
      png('icon-512.png', 512, 'any'),
      png('icon-maskable-512.png', 512, 'maskable'),
    ],
  };
  add('site.webmanifest', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
  // Asked for by name: the favicon by browsers before (or without) a document, the touch icon by iOS.
  for (const name of ['favicon.ico', 'apple-touch-icon.png'] as const) {
    const hashed = files.get(urls[name]);
    if (hashed) files.set(`/${name}`, { ...hashed, cacheControl: A_DAY });
  }
  const links = [
    // The PNG names its size, the SVG none: browsers that draw SVG icons take the SVG.
    `<link rel="icon" href="${urls['icon-32.png']}" type="image/png" sizes="32x32">`,
    `<link rel="icon" href="${urls['icon.svg']}" type="image/svg+xml">`,
    `<link rel="apple-touch-icon" href="${urls['apple-touch-icon.png']}">`,
    `<link rel="manifest" href="${urls['site.webmanifest']}">`,
  ].join('');
  return { files, urls, links };
}
