import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  REMOTE_NAMES,
  type BuildMeta,
  type LifeCycles,
  type RemoteName,
  type RemoteProps,
} from '@arttoy/shared/contracts';
import { recordEntryIntegrity } from './entry-integrity';
import { RemoteLoadError } from './remote-load-error';
import { misfitIn, misfitOf, RemoteMisfitError, reportRemoteMisfit } from './remote-misfit';
import {
  REMOTE_OVERRIDE_COOKIE,
  remoteOverridesFromCookies,
  withRemoteOverrides,
} from '@arttoy/shared/federation/remote-overrides';
import { siteManifest } from './site-manifest';

let registered: Promise<void> | null = null;
const failed = new Set<RemoteName>();

/** A remote's registration from the manifest: its absolute entry URL, with the entry's integrity recorded. */
function remoteFrom(manifest: BuildMeta, name: RemoteName): { name: RemoteName; entry: string } {
  const entry = new URL(manifest.apps[name].entry, window.location.href).href;
  recordEntryIntegrity(entry, manifest.apps[name].integrity);
  return { name, entry };
}

/**
 * The deploy manifest with this browser's remote overrides (remote-overrides.ts), read once: a
 * developer's remote from source runs through the same registration as a published one.
 */
let overridesRead = false;
async function manifestForThisBrowser(): Promise<BuildMeta> {
  const overrides = remoteOverridesFromCookies(document.cookie);
  if (!overridesRead) {
    overridesRead = true;
    for (const problem of overrides.refused) console.error(`[shell] remote override refused: ${problem}.`);
    for (const [name, entry] of overrides.entries) {
      console.warn(
        `[shell] ${name} runs from ${entry} (cookie ${REMOTE_OVERRIDE_COOKIE}); clear it with: document.cookie = '${REMOTE_OVERRIDE_COOKIE}=; path=/; max-age=0'`,
      );
    }
  }
  return withRemoteOverrides(await siteManifest(), overrides);
}

/** Registers every remote at the entry URL the deploy manifest gives; nothing about remotes is built into the shell. */
function registerAll(): Promise<void> {
  registered ??= manifestForThisBrowser().then(
    (manifest) => {
      registerRemotes(REMOTE_NAMES.map((name) => remoteFrom(manifest, name)));
    },
    (error: unknown) => {
      registered = null;
      throw error;
    },
  );
  return registered;
}

async function reRegister(name: RemoteName): Promise<void> {
  const manifest = await manifestForThisBrowser();
  // force drops the runtime's cached (failed) entry, so the retry really loads it again.
  registerRemotes([remoteFrom(manifest, name)], { force: true });
}

/**
 * Records that a running remote failed to load one of its chunks: React and webpack keep such a
 * failure, so the next load registers the remote afresh (a new container, new modules) instead of
 * reusing the one that remembers it.
 */
export function markRemoteFailed(name: RemoteName): void {
  failed.add(name);
}

/**
 * Loads a remote's `./app` lifecycles. After a failure, the next call starts a fresh load. A remote
 * whose manifest entry does not fit this shell is refused before its entry runs (its container
 * would put its own shared modules into the page's share scope), with a RemoteMisfitError.
 */
export async function loadRemoteApp(name: RemoteName): Promise<LifeCycles<RemoteProps>> {
  try {
    await registerAll();
    const misfit = await misfitOf(await manifestForThisBrowser(), name);
    if (misfit) throw misfit;
    if (failed.has(name)) await reRegister(name);
    const app = await loadRemote<LifeCycles<RemoteProps>>(`${name}/app`);
    if (!app) throw new Error(`${name}/app resolved to nothing.`);
    failed.delete(name);
    return app;
  } catch (cause) {
    const misfit = misfitIn(cause);
    if (misfit) {
      // The runtime's refusal (singleton-misfit.ts) does not know the version: the manifest does.
      const named =
        misfit.version === 'running'
          ? new RemoteMisfitError(name, (await siteManifest()).apps[name].version, misfit.problems)
          : misfit;
      reportRemoteMisfit(named);
      throw named;
    }
    failed.add(name);
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new RemoteLoadError(
      `Remote ${name} failed to load (${reason}). Other pages still work; retry, or check builds/latest.json and the manifest it names.`,
      { cause },
    );
  }
}
