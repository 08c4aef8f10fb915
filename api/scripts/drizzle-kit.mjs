// Runs drizzle-kit so that it finds the API's drizzle-orm.
// Why: npm keeps drizzle-orm in api/node_modules (it is not hoisted) while drizzle-kit is hoisted
// to the root node_modules, and drizzle-kit loads drizzle-orm from its own folder ("Please install
// latest version of drizzle-orm"). Its require() calls follow NODE_PATH; its import() calls go
// through the resolve hook below. Usage: node scripts/drizzle-kit.mjs generate [--name x]
import { spawnSync } from 'node:child_process';
import { createRequire, register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const apiDir = path.resolve(import.meta.dirname, '..');
const apiModules = path.join(apiDir, 'node_modules');

if (process.env.ARTTOY_DRIZZLE_KIT_CHILD !== '1') {
  const kitMain = createRequire(path.join(apiDir, 'package.json')).resolve('drizzle-kit');
  const bin = path.join(path.dirname(kitMain), 'bin.cjs');
  const result = spawnSync(
    process.execPath,
    ['--import', import.meta.filename, bin, ...process.argv.slice(2), '--config', 'drizzle.config.ts'],
    {
      cwd: apiDir,
      stdio: 'inherit',
      env: { ...process.env, ARTTOY_DRIZZLE_KIT_CHILD: '1', NODE_PATH: apiModules },
    },
  );
  process.exit(result.status ?? 1);
} else {
  const parent = pathToFileURL(path.join(apiDir, 'package.json')).href;
  const hook = `export async function resolve(specifier, context, next) {
    if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) return next(specifier, { ...context, parentURL: ${JSON.stringify(parent)} });
    return next(specifier, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
}
