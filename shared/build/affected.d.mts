// Types of the change selection (affected.mjs), for TypeScript callers such as its tests.

export const REMOTES: string[];
export const SPEC_MAP: string;
export const CONTRACT_TESTS: RegExp[];

export interface Selection {
  /** Everything runs (`npm test`); `reasons` says which changes asked for it. */
  full: boolean;
  reasons: string[];
  /** The remotes the change touches. */
  remotes: string[];
  /** Jest's test path patterns: each touched remote's folder, the contract tests, `docs/`. */
  jestPaths: string[];
  /** The apps to build. */
  build: string[];
  /** The browser specs to run, relative to e2e/. */
  specs: string[];
  /** Those of `specs` that exercise every remote, where `grepInvert` leaves out other remotes' tests. */
  everyRemoteSpecs: string[];
  /** Playwright's --grep-invert for `everyRemoteSpecs`, or null. */
  grepInvert: string | null;
  /** The workspaces the change touches, with their dependents. */
  affected: string[];
}

export function readWorkspaces(root: string): Map<string, Set<string>>;
export function withDependents(graph: Map<string, Set<string>>, changed: Iterable<string>): Set<string>;
export function checkSpecMap(map: unknown, specFiles: string[]): string[];
export function selectTests(input: {
  changed: string[];
  graph: Map<string, Set<string>>;
  specMap: Record<string, string[]>;
  specFiles: string[];
  testFiles: string[];
}): Selection;
export function changedFiles(root: string, base: string): string[];
export function listSpecFiles(root: string): string[];
export function listTestFiles(root: string): string[];
export function readSpecMap(root: string): Record<string, string[]>;
export const REMOTE_MARKERS: Record<
  'mf-gallery' | 'mf-blog' | 'mf-mysterybox' | 'mf-account' | 'mf-rules',
  string[]
>;
export function otherRemotesTitles(remotes: string[], specs: string[]): string | null;
