// Types of shared-version.mjs, for TypeScript callers such as its tests.

/** shared/package.json's version. */
export function sharedPackageVersion(): string;
/** The range of @arttoy/shared the app in `dir` declares; throws when it is missing, not a range, or not met. */
export function sharedPackageRange(dir: string): string;
