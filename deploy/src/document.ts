import { buildMetaPath, isRemoteName, RUNTIME_CONFIG_ELEMENT_ID, type BuildMeta, type RuntimeConfig } from '@arttoy/shared/contracts';
import { runtimeConfigElement } from './runtime-config';
import { preloadUrls, type PreloadLists } from './preload-list';
import type { RouteResolution } from './route-status';

const HEAD_END = '</head>';
/** Written into the shell's index.html by shared/build/webpack.mjs (SHELL_BASE_PLACEHOLDER). */
const BASE_PLACEHOLDER = '/%SHELL_BASE%/';

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The HTML document of a page: the shell's built index.html from its versioned folder, told which
 * build it belongs to and the runtime config, with the manifest, the route owner's remote entry and the
 * chunks the page needs first (from the apps' preload lists) and its first API reads preloaded, so
 * they load in parallel with the shell instead of one layer after another. `preloadRemotes: false` (the benchmark's monolith)
 * leaves out the remotes' files.
 */
export function renderDocument(
  template: string,
  meta: BuildMeta,
  resolution: RouteResolution,
  config: RuntimeConfig,
  { preloadRemotes = true, preloadLists = {}, reads = [] }: { preloadRemotes?: boolean; preloadLists?: PreloadLists; reads?: string[] } = {},
): string {
  if (!template.includes(HEAD_END) || !template.includes(BASE_PLACEHOLDER)) {
    throw new Error(`The shell's index.html lacks ${HEAD_END} or the script base placeholder; rebuild the shell (npm run build -w shell).`);
  }
  const head = [
    `<meta name="build-id" content="${escapeAttribute(meta.id)}">`,
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(buildMetaPath(meta.id))}">`,
    runtimeConfigElement(config, RUNTIME_CONFIG_ELEMENT_ID),
    // The page's first API reads (first-reads.ts): small answers, asked for before the code.
    ...reads.map((url) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(url)}">`),
  ];
  if (preloadRemotes && resolution.status === 200 && isRemoteName(resolution.owner)) {
    const remote = meta.apps[resolution.owner];
    // Same integrity and CORS mode as the script the shell creates, so the browser reuses this preload.
    const integrity = remote.integrity ? ` integrity="${escapeAttribute(remote.integrity)}" crossorigin="anonymous"` : '';
    head.push(`<link rel="preload" as="script" href="${escapeAttribute(remote.entry)}"${integrity}>`);
  }
  const route = resolution.status === 200 ? resolution.route : null;
  // Chunks load as classic scripts without CORS (webpack's default), so the preloads carry no crossorigin.
  for (const url of preloadUrls(preloadLists, route, { remotes: preloadRemotes })) head.push(`<link rel="preload" as="script" href="${escapeAttribute(url)}">`);
  const shellBase = meta.apps.shell.entry.replace(/[^/]+$/, '');
  return template.replaceAll(BASE_PLACEHOLDER, shellBase).replace(HEAD_END, `${head.join('')}${HEAD_END}`);
}
