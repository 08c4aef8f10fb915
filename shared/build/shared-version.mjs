// The version of @arttoy/shared and the range each app declares for it. The shared package follows
// semver for the remotes (docs/architecture/sharing.md): a change that breaks a built remote raises
// its major, and every app's package.json names the range it was written against, which its build
// requires of the page's one copy (Module Federation's requiredVersion).
import fs from 'node:fs';
import path from 'node:path';
import satisfies from 'semver/functions/satisfies.js';
import validRange from 'semver/ranges/valid.js';

const SHARED_PACKAGE_FILE = new URL('../package.json', import.meta.url);

export function sharedPackageVersion() {
  return JSON.parse(fs.readFileSync(SHARED_PACKAGE_FILE, 'utf8')).version;
}

/**
 * The range of @arttoy/shared an app declares in its package.json; throws, saying how to fix it,
 * when the app declares none, declares something that is not a range, or declares a range the
 * shared package's own version does not meet (the build would require a copy no page has).
 */
export function sharedPackageRange(dir) {
  const file = path.join(dir, 'package.json');
  const declared = JSON.parse(fs.readFileSync(file, 'utf8')).dependencies?.['@arttoy/shared'];
  const version = sharedPackageVersion();
  if (typeof declared !== 'string' || validRange(declared) === null)
    throw new Error(
      `${file} must list "@arttoy/shared" in its dependencies as a semver range (e.g. "^${version}"), got ${JSON.stringify(declared)}.`,
    );
  if (!satisfies(version, declared))
    throw new Error(
      `${file} needs @arttoy/shared ${declared}, but shared/package.json is ${version}: update the app to the new major and its range, or keep the shared package compatible.`,
    );
  return declared;
}
