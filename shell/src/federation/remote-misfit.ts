import type { BuildMeta, RemoteName } from '@arttoy/shared/contracts';

/**
 * A remote this shell will not mount: its manifest entry needs what the shell does not provide (or
 * the federation runtime found a shared singleton it cannot satisfy). Not a load failure: a reload
 * or a retry gets the same build, so the outlet shows the fallback at once.
 */
export class RemoteMisfitError extends Error {
  override name = 'RemoteMisfitError';
  constructor(
    readonly remote: RemoteName,
    readonly version: string,
    readonly problems: readonly string[],
  ) {
    super(
      `Remote ${remote} ${version} does not fit this shell: ${problems.join(' ')} Other pages still work; deploy a ${remote} built for this shell.`,
    );
  }
}

export function isRemoteMisfit(error: unknown): error is RemoteMisfitError {
  return error instanceof RemoteMisfitError;
}

/** The misfit behind an error, however the federation runtime or webpack wrapped it (`cause`), or null. */
export function misfitIn(error: unknown): RemoteMisfitError | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (current instanceof RemoteMisfitError) return current;
    current = current.cause;
  }
  return null;
}

/** What is reported of a misfit: the remote, its version and why (one message per dependency). */
export interface RemoteMisfitReport {
  remote: RemoteName;
  version: string;
  problems: readonly string[];
}

const listeners = new Set<(report: RemoteMisfitReport) => void>();
const reported = new Set<string>();

/** Hears of every misfit this page finds (the field beacon's hook); returns how to stop. */
export function onRemoteMisfit(listener: (report: RemoteMisfitReport) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Logs a misfit and tells the listeners, once per remote version and page (a prefetch and a visit find the same one). */
export function reportRemoteMisfit(error: RemoteMisfitError): void {
  const key = `${error.remote}@${error.version}`;
  if (reported.has(key)) return;
  reported.add(key);
  console.error(`[shell] ${error.message}`);
  const report = { remote: error.remote, version: error.version, problems: error.problems };
  for (const listener of listeners) listener(report);
}

/**
 * Why the manifest's entry of `name` does not fit the manifest's shell (the page's running shell:
 * the document names the build, whose shell entry is this code). The checker (and semver) joins the
 * outlet's chunk group: it loads, and is preloaded by the site server, with the outlet that asks
 * for a remote, not on the home page, and without a round trip of its own before the remote's entry.
 */
export async function misfitOf(manifest: BuildMeta, name: RemoteName): Promise<RemoteMisfitError | null> {
  const { contractProblems } = await import(
    /* webpackChunkName: "remote-outlet" */ '@arttoy/shared/contracts/compat'
  );
  const problems = contractProblems(manifest.apps.shell, manifest.apps[name], name);
  return problems.length === 0 ? null : new RemoteMisfitError(name, manifest.apps[name].version, problems);
}
