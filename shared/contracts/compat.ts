/**
 * Does a remote fit a shell? Compares what a remote's build needs (its manifest entry's `needs`)
 * with what a shell's build provides (`provides`): the remote contract version, and every shared
 * singleton's range against the version the shell puts on the page. Pure: the deploy service asks
 * it before a build goes live, the shell before it mounts a remote, the site server before it
 * renders one. Not part of the `@arttoy/shared/contracts` singleton: semver stays off the first page.
 */
import satisfies from 'semver/functions/satisfies';
import valid from 'semver/functions/valid';
import validRange from 'semver/ranges/valid';
import { REMOTE_NAMES, type AppEntry, type BuildMeta, type RemoteName } from '@arttoy/shared/contracts';

/** The package a share key belongs to: `react/jsx-runtime` → `react`, `@arttoy/shared/auth` → `@arttoy/shared`. */
export function packageOfShareKey(key: string): string {
  const parts = key.split('/');
  return key.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const describe = (app: string, entry: AppEntry): string => `${app} ${entry.version}`;

/**
 * Why `remote` (the entry of remote `name`) does not fit `shell`, one message per dependency that
 * fails, naming the dependency and both versions; empty when it fits. An entry published before
 * builds recorded their needs (no `needs` or no `provides`) cannot be checked and is taken as it is.
 */
export function contractProblems(shell: AppEntry, remote: AppEntry, name: RemoteName): string[] {
  const { needs } = remote;
  const { provides } = shell;
  if (!needs || !provides) return [];
  const problems: string[] = [];
  const who = describe(name, remote);
  const host = describe('shell', shell);
  if (needs.contract !== provides.contract) {
    problems.push(
      `${who} was built for remote contract ${needs.contract}; ${host} speaks contract ${provides.contract}. Rebuild the ${needs.contract < provides.contract ? 'remote' : 'shell'} against the other's contract.`,
    );
  }
  // One message per package and range: react and react/jsx-runtime fail together.
  const seen = new Set<string>();
  for (const [key, range] of Object.entries(needs.shared).toSorted(([a], [b]) => (a < b ? -1 : 1))) {
    const pkg = packageOfShareKey(key);
    const provided =
      provides.shared[key] ??
      Object.entries(provides.shared).find(([providedKey]) => packageOfShareKey(providedKey) === pkg)?.[1];
    const message = problemOf(who, host, key, pkg, range, provided);
    if (message && !seen.has(`${pkg} ${range} ${provided}`)) {
      seen.add(`${pkg} ${range} ${provided}`);
      problems.push(message);
    }
  }
  return problems;
}

function problemOf(
  who: string,
  host: string,
  key: string,
  pkg: string,
  range: string,
  provided: string | undefined,
): string | null {
  if (validRange(range) === null) return `${who} needs ${key} "${range}", which is not a semver range.`;
  if (provided === undefined)
    return `${who} needs ${pkg} ${range}; ${host} does not provide ${pkg}, so the remote would run a second copy of it.`;
  if (valid(provided) === null)
    return `${host} provides ${pkg} "${provided}", which is not a semver version.`;
  if (satisfies(provided, range)) return null;
  return `${who} needs ${pkg} ${range}; ${host} provides ${provided}.`;
}

/**
 * Every reason a whole build (a candidate manifest) would break a page: each remote checked against
 * the build's shell. The deploy service refuses a build with any (a remote that needs more than the
 * live shell gives, or a shell that no longer gives what a live remote needs).
 */
export function buildProblems(meta: BuildMeta): string[] {
  return REMOTE_NAMES.flatMap((name) => contractProblems(meta.apps.shell, meta.apps[name], name));
}
