import {
  buildMetaPath,
  LATEST_BUILD_PATH,
  parseBuildMeta,
  parseLatestBuild,
  type BuildMeta,
} from '@arttoy/shared/contracts';

let pending: Promise<BuildMeta> | null = null;

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response.json();
}

/** The build the page was served with: named by the document (`<meta name="build-id">`), else by /builds/latest.json. */
export function currentBuildId(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="build-id"]')?.content || null;
}

async function fetchManifest(): Promise<BuildMeta> {
  const buildId =
    currentBuildId() ??
    parseLatestBuild(await fetchJson(`${LATEST_BUILD_PATH}?${Date.now()}`), LATEST_BUILD_PATH).id;
  const path = buildMetaPath(buildId);
  return parseBuildMeta(await fetchJson(path), path);
}

/**
 * The deploy manifest of this page's build, fetched once (the document preloads it). A failed
 * fetch is not cached, so a retry fetches it again.
 */
export function siteManifest(): Promise<BuildMeta> {
  pending ??= fetchManifest().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
