// The three builds the benchmark compares: the federated site (what npm start serves), a monolith of
// the same apps in one build, and static HTML of the same content (the floor).
import fs from 'node:fs/promises';
import path from 'node:path';
import { ROOT, run } from './processes.mjs';

export const OUT = path.join(ROOT, 'bench/.out');
export const FEDERATED_ORIGIN = path.join(OUT, 'origin-federated');
export const MONOLITH_ORIGIN = path.join(OUT, 'origin-monolith');
export const STATIC_DIR = path.join(OUT, 'static');

/** `npm run build`'s workspaces, in two streams (webpack keeps about one core busy; the machine has two). */
const BUILD_STREAMS = [
  ['shell', 'mf-gallery', 'mf-blog', 'api'],
  ['mf-mysterybox', 'mf-account', 'mf-rules'],
];

/** Fails when a workspace with a build script is missing from the streams (or one listed has none). */
async function checkStreams() {
  const root = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8'));
  const building = [];
  for (const workspace of root.workspaces) {
    const manifest = JSON.parse(await fs.readFile(path.join(ROOT, workspace, 'package.json'), 'utf8'));
    if (manifest.scripts?.build) building.push(workspace);
  }
  const streamed = BUILD_STREAMS.flat();
  if (building.toSorted().join() !== streamed.toSorted().join()) {
    throw new Error(
      `bench/lib/builds.mjs BUILD_STREAMS (${streamed.join(', ')}) must name exactly the workspaces npm run build builds (${building.join(', ')}).`,
    );
  }
}

/** What `npm run build` does, with the builds in two streams, then the same publish step. */
export async function buildFederated({ build }) {
  if (build) {
    await checkStreams();
    await Promise.all(
      BUILD_STREAMS.map((workspaces) =>
        run('npm', ['run', 'build', ...workspaces.flatMap((name) => ['-w', name])]),
      ),
    );
    await run('npm', ['run', 'publish:all', '-w', 'deploy']);
  }
  // A snapshot: a build started while the benchmark runs cannot change what it measures.
  await fs.rm(FEDERATED_ORIGIN, { recursive: true, force: true });
  await fs.cp(path.join(ROOT, '.origin'), FEDERATED_ORIGIN, { recursive: true });
}

/** Builds the shell with every remote inside it (shared/build/webpack.mjs `monolith`). */
export function compileMonolith() {
  return run('npx', ['webpack', '--mode', 'production', '-c', 'bench/monolith/webpack.config.mjs']);
}

/** Publishes the monolith as the shell of a copy of the federated origin: the same server, the same headers. */
export async function publishMonolith() {
  await fs.rm(MONOLITH_ORIGIN, { recursive: true, force: true });
  await fs.cp(FEDERATED_ORIGIN, MONOLITH_ORIGIN, { recursive: true });
  await run('npx', ['tsx', 'deploy/src/cli.ts', 'deploy', 'shell', '--dist', path.join(OUT, 'monolith')], {
    env: { ORIGIN_DIR: MONOLITH_ORIGIN },
  });
}

/** Removes what only running code needs; what stays is the rendered page with its styles. */
function staticSnapshot() {
  for (const element of document.querySelectorAll(
    'script, noscript, link[rel="preload"], link[rel="modulepreload"], link[rel="prefetch"]',
  ))
    element.remove();
  return `<!doctype html>\n${document.documentElement.outerHTML}`;
}

/**
 * Static HTML of each route: the server-rendered document as served (styles included), read with
 * JavaScript off, without its scripts, preloads and data. Returns the file of each route path.
 */
export async function captureStatic(browser, origin, routes) {
  await fs.rm(STATIC_DIR, { recursive: true, force: true });
  await fs.mkdir(STATIC_DIR, { recursive: true });
  const files = {};
  // JavaScript off: nothing the page's code adds later (another app's stylesheet, a prefetch) gets in.
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    for (const [index, route] of routes.entries()) {
      const page = await context.newPage();
      await page.goto(`${origin}${route.path}`, { waitUntil: 'networkidle' });
      await page
        .locator(route.content.selector, route.content.text ? { hasText: route.content.text } : {})
        .first()
        .waitFor();
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
