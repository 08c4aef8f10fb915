/**
 * Running one remote from source inside an otherwise published site, in the spirit of
 * import-map-overrides: a developer's browser holds a cookie naming the remote and the entry of
 * its dev server (`npm run dev -w mf-gallery`), and the shell registers that entry instead of the
 * manifest's. The site server reads the same cookie to let that origin's scripts through its
 * Content-Security-Policy for that browser's documents only (deploy/src/content-security-policy.ts).
 *
 * Two rules keep anyone but the developer from choosing code for a page:
 * - Only a cookie set in the browser itself (devtools) switches an override on; no URL parameter
 *   does. A link that switched code on would let whoever sends a visitor that link choose what
 *   runs on this origin.
 * - Only loopback entries (http(s) on localhost, 127.0.0.1 or [::1]) are taken: code served by the
 *   developer's own machine, never a third party's host, whatever ended up in the cookie.
 *
 * Node and browser alike (the shell and the site server use it): no DOM here.
 */
import { isRemoteName, type BuildMeta, type RemoteName } from '@arttoy/shared/contracts';

/** The cookie: `mf_gallery@http://localhost:3101/remoteEntry.js`, several separated by commas. */
export const REMOTE_OVERRIDE_COOKIE = 'remote-override';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface RemoteOverrides {
  /** The entries taken, by remote. */
  entries: Map<RemoteName, string>;
  /** Why each refused item was refused (for the console). */
  refused: string[];
}

/** Why an entry URL cannot be an override, or null when it can: a script on a loopback host. */
export function overrideEntryProblem(entry: string): string | null {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return `"${entry}" is not an absolute URL; write it as http://localhost:<port>/remoteEntry.js`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `"${entry}" is not http(s)`;
  if (!LOOPBACK_HOSTS.has(url.hostname))
    return `"${entry}" is not on this machine (only localhost, 127.0.0.1 and [::1] are taken, so no other host's code can run here)`;
  if (url.username || url.password) return `"${entry}" carries credentials`;
  if (!url.pathname.endsWith('.js'))
    return `"${entry}" names no script (a remote's entry is its remoteEntry.js)`;
  return null;
}

/** Reads the cookie's value: `<remote>@<entry URL>` items, comma-separated (URL-encoded or not). */
export function parseRemoteOverrides(value: string): RemoteOverrides {
  const entries = new Map<RemoteName, string>();
  const refused: string[] = [];
  let text = value;
  try {
    text = decodeURIComponent(value);
  } catch {
    // Not encoded: read as written.
  }
  for (const item of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const at = item.indexOf('@');
    const name = at > 0 ? item.slice(0, at) : '';
    const entry = at > 0 ? item.slice(at + 1) : '';
    if (!isRemoteName(name)) {
      refused.push(
        `"${item}" names no remote: write <remote>@<entry>, e.g. mf_gallery@http://localhost:3101/remoteEntry.js`,
      );
      continue;
    }
    const problem = overrideEntryProblem(entry);
    if (problem) refused.push(`${name}: ${problem}`);
    else entries.set(name, new URL(entry).href);
  }
  return { entries, refused };
}

/** The overrides in a Cookie header (or `document.cookie`); none when the cookie is absent. */
export function remoteOverridesFromCookies(cookies: string | undefined): RemoteOverrides {
  for (const pair of (cookies ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === REMOTE_OVERRIDE_COOKIE)
      return parseRemoteOverrides(pair.slice(separator + 1).trim());
  }
  return { entries: new Map(), refused: [] };
}

/**
 * The manifest with the overridden remotes' entries: no integrity (their bytes change with every
 * edit) and no server container (the server has the published code, not the developer's).
 */
export function withRemoteOverrides(manifest: BuildMeta, overrides: RemoteOverrides): BuildMeta {
  if (overrides.entries.size === 0) return manifest;
  const apps = { ...manifest.apps };
  for (const [name, entry] of overrides.entries) apps[name] = { version: 'override', entry };
  return { ...manifest, apps };
}
