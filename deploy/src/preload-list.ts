import fs from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import type { AppName, BuildMeta, RemoteName, SiteRoute } from '@arttoy/shared/contracts';

/** Written by each app's build beside its entry (shared/build/preload-list-plugin.mjs). */
export const PRELOAD_LIST_FILE = 'preload.json';

const CHUNK_FILE = /^[\w.-]+\.(js|css)$/;
const groupSchema = z.object({
  files: z.array(z.string().regex(CHUNK_FILE, 'a chunk file name (script or stylesheet) in the app folder')),
  shared: z.array(z.string().min(1)),
});
const preloadListSchema = z.object({
  groups: z.record(z.string(), groupSchema),
  provides: z.record(z.string(), groupSchema),
});

export type PreloadList = z.infer<typeof preloadListSchema>;
/** Each app's preload list, with the folder (URL) its files are served from. */
export type PreloadLists = Partial<Record<AppName, { base: string; list: PreloadList }>>;

/** The folder URL of an app's entry: `/mf-gallery/3c9b304973/remoteEntry.js` → `/mf-gallery/3c9b304973/`. */
function folderOf(entry: string): string {
  return entry.replace(/[^/]+$/, '');
}

/**
 * Reads the preload lists of a build's apps from the origin folder. Apps served from elsewhere (an
 * absolute entry URL) or published without a list get none; a list that is not valid is reported
 * through `warn` and left out. Preloading only speeds pages up: nothing fails without it.
 */
export async function readPreloadLists(
  origin: string,
  meta: BuildMeta,
  warn: (message: string) => void,
): Promise<PreloadLists> {
  const lists: PreloadLists = {};
  for (const [app, { entry }] of Object.entries(meta.apps) as [AppName, BuildMeta['apps'][AppName]][]) {
    if (!entry.startsWith('/') || entry.startsWith('//')) continue;
    const base = folderOf(entry);
    const file = path.join(origin, base, PRELOAD_LIST_FILE);
    const text = await fs.readFile(file, 'utf8').catch(() => null);
    if (text === null) continue;
    try {
      const parsed = preloadListSchema.safeParse(JSON.parse(text));
      if (!parsed.success)
        throw new Error(
          parsed.error.issues
            .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
            .join('; '),
        );
      lists[app] = { base, list: parsed.data };
    } catch (error) {
      warn(
        `${file} is not a valid preload list, so pages of ${app} load without preloads: ${error instanceof Error ? error.message : String(error)}. Rebuild ${app}.`,
      );
    }
  }
  return lists;
}

/**
 * The chunk URLs (scripts and stylesheets) a page needs before its main content, in the order to ask for them: the shell's
 * start-up (and, for a remote's page, its outlet), then the route owner's app and page (in the shell's own build for a monolith), then the
 * shell's modules those consume from the share scope. `remotes: false` leaves the remotes' files out.
 */
export function preloadUrls(
  lists: PreloadLists,
  route: SiteRoute | null,
  { remotes }: { remotes: boolean },
): string[] {
  const urls = new Set<string>();
  const shell = lists.shell;
  const seen = new Set<string>();
  const add = (base: string, group: { files: string[]; shared: string[] }) => {
    for (const file of group.files) urls.add(`${base}${file}`);
    // The shell provides every shared module; a provided module may consume others.
    for (const key of group.shared) {
      const provided = shell?.list.provides[key];
      if (seen.has(key) || !shell || !provided) continue;
      seen.add(key);
      add(shell.base, provided);
    }
  };
  const take = (app: AppName, groupName: string) => {
    const entry = lists[app];
    const group = entry?.list.groups[groupName];
    if (entry && group) add(entry.base, group);
  };
  take('shell', 'bootstrap');
  // The shell's content pages are a chunk of their own.
  if (route?.id === 'slug') take('shell', 'route-slug');
  if (route && route.owner !== 'shell') {
    const owner = route.owner as RemoteName;
    take('shell', 'remote-outlet');
    // The monolith has every remote's app and pages in the shell's own build.
    take('shell', `expose-${owner}`);
    take('shell', `route-${route.id}`);
    if (remotes) {
      take(owner, `expose-${owner}`);
      take(owner, `route-${route.id}`);
    }
  }
  return [...urls];
}

/** Past this size a stylesheet is linked, not written into each document. */
const INLINE_STYLESHEET_MAX_BYTES = 32 * 1024;

/**
 * The text of each listed stylesheet that a server-rendered document may carry inline (by URL), so
 * its first paint waits for no request after the document. Left out, and linked instead: one that
 * cannot be read, is large, names other files (`url(…)` resolves against the document once inline,
 * not against the stylesheet) or holds `</` (which could end the element or be taken for `</head>`).
 */
export async function readInlineStylesheets(
  origin: string,
  lists: PreloadLists,
): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const { base, list } of Object.values(lists)) {
    for (const group of [...Object.values(list.groups), ...Object.values(list.provides)]) {
      for (const file of group.files) {
        const url = `${base}${file}`;
        if (!file.endsWith('.css') || texts.has(url)) continue;
        const text = await fs.readFile(path.join(origin, url), 'utf8').catch(() => null);
        if (text === null || Buffer.byteLength(text) > INLINE_STYLESHEET_MAX_BYTES || /url\(|<\//i.test(text))
          continue;
        texts.set(url, text);
      }
    }
  }
  return texts;
}
