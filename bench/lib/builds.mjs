// The three builds the benchmark compares: the federated site (what npm start serves), a monolith of
// the same apps in one build, and static HTML of the same content (the floor).
import fs from 'node:fs/promises';
import path from 'node:path';
import { ROOT, run } from './processes.mjs';

export const OUT = path.join(ROOT, 'bench/.out');
export const FEDERATED_ORIGIN = path.join(OUT, 'origin-federated');
export const MONOLITH_ORIGIN = path.join(OUT, 'origin-monolith');
export const STATIC_DIR = path.join(OUT, 'static');

export async function buildFederated({ build }) {
  if (build) await run('npm', ['run', 'build']);
  // A snapshot: a build started while the benchmark runs cannot change what it measures.
  await fs.rm(FEDERATED_ORIGIN, { recursive: true, force: true });
  await fs.cp(path.join(ROOT, '.origin'), FEDERATED_ORIGIN, { recursive: true });
}

/**
 * Builds the shell with every remote inside it (shared/build/webpack.mjs `monolith`), then publishes
 * it as the shell of a copy of the origin, so the same site server serves it with the same headers.
 */
export async function buildMonolith() {
  await run('npx', ['webpack', '--mode', 'production', '-c', 'bench/monolith/webpack.config.mjs']);
  await fs.rm(MONOLITH_ORIGIN, { recursive: true, force: true });
  await fs.cp(FEDERATED_ORIGIN, MONOLITH_ORIGIN, { recursive: true });
  await run('npx', ['tsx', 'deploy/src/cli.ts', 'deploy', 'shell', '--dist', path.join(OUT, 'monolith')], { env: { ORIGIN_DIR: MONOLITH_ORIGIN } });
}

/** Removes what only running code needs; what stays is the rendered page with its styles. */
function staticSnapshot() {
  for (const element of document.querySelectorAll('script, link[rel="preload"], link[rel="modulepreload"], link[rel="prefetch"]')) element.remove();
  return `<!doctype html>\n${document.documentElement.outerHTML}`;
}

/**
 * Static HTML of each route: the federated page as rendered (styles included), without scripts.
 * Returns the file of each route path.
 */
export async function captureStatic(browser, origin, routes) {
  await fs.rm(STATIC_DIR, { recursive: true, force: true });
  await fs.mkdir(STATIC_DIR, { recursive: true });
  const files = {};
  const context = await browser.newContext();
  try {
    for (const [index, route] of routes.entries()) {
      const page = await context.newPage();
      await page.goto(`${origin}${route.path}`, { waitUntil: 'networkidle' });
      await page.locator(route.content.selector, route.content.text ? { hasText: route.content.text } : {}).first().waitFor();
      const file = path.join(STATIC_DIR, `${index}.html`);
      await fs.writeFile(file, await page.evaluate(staticSnapshot));
      files[route.path] = file;
      await page.close();
    }
  } finally {
    await context.close();
  }
  return files;
}
