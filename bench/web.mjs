// The browser half of `npm run bench`: the site as served (server-rendered), the same build rendered in
// the browser only (federated), the monolith and the static floor, loaded in turn (A B C D A B C D …)
// in fresh throttled contexts, then warm navigation and Lighthouse.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import {
  buildFederated,
  captureStatic,
  compileMonolith,
  publishMonolith,
  FEDERATED_ORIGIN,
  MONOLITH_ORIGIN,
} from './lib/builds.mjs';
import { lighthouseScores, lighthouseSeo } from './lib/lighthouse.mjs';
import {
  CHROMIUM_ARGS,
  measureInteractive,
  measureLoad,
  measureWarmNavigation,
  preparePage,
} from './lib/measure.mjs';
import { startServer } from './lib/processes.mjs';
import { discoverRoutes } from './lib/routes.mjs';
import { startStaticServer } from './lib/static-server.mjs';
import { median } from './lib/stats.mjs';

const PORTS = { server: 4194, federated: 4191, monolith: 4192, static: 4193 };
export const BUILDS = ['server', 'federated', 'monolith', 'static'];

/** Gzip (level 9) size of the shell's and the owner's scripts a page requested: the budget's unit. */
function gzipKb(origin, scriptUrls) {
  let bytes = 0;
  for (const url of new Set(scriptUrls)) {
    const file = path.join(origin, new URL(url).pathname);
    if (fs.existsSync(file)) bytes += gzipSync(fs.readFileSync(file), { level: 9 }).length;
  }
  return bytes / 1024;
}

function serveOrigin(origin, port, extra = []) {
  return startServer(
    'npx',
    ['tsx', 'bench/serve.mts', origin, String(port), ...extra],
    `http://127.0.0.1:${port}/builds/latest.json`,
  );
}

export async function benchWeb({ runs, warmRuns, lighthouseRuns, build, executablePath, log }) {
  // Two builds at once: webpack keeps about one core busy, and the machine has two.
  log(
    build
      ? 'building the federated site (npm run build, two streams) and the monolith…'
      : 'taking the federated site in .origin/, building the monolith…',
  );
  await Promise.all([buildFederated({ build }), compileMonolith()]);
  await publishMonolith();

  const stops = [];
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    stops.push(
      ...(await Promise.all([
        serveOrigin(FEDERATED_ORIGIN, PORTS.server),
        serveOrigin(FEDERATED_ORIGIN, PORTS.federated, ['--client-only']),
        serveOrigin(MONOLITH_ORIGIN, PORTS.monolith, ['--no-remote-preload', '--client-only']),
      ])),
    );
    const origins = Object.fromEntries(BUILDS.map((name) => [name, `http://127.0.0.1:${PORTS[name]}`]));
    const { found: routes, missing } = await discoverRoutes(origins.federated);
    log(
      `routes: ${routes.map((route) => route.path).join(' ')}${missing.length ? ` (not measured: ${missing.map((m) => m.name).join(', ')})` : ''}`,
    );
    log('capturing the static floor…');
    // From the server-rendered build: the floor carries the same inline stylesheets, so the ratio is
    // what the page's code and data cost, not where its styles come from.
    const files = await captureStatic(browser, origins.server, routes);
    stops.push(await startStaticServer(files, origins.server, PORTS.static));

    // One load at a time: two emulated phones at once would share the cores and slow every load, and
    // a static load beside the next one would slow whichever build comes next. Builds take turns,
    // so each pair of runs is measured side by side. The next fresh context is made while the
    // current page settles.
    const samples = routes.map(() => Object.fromEntries(BUILDS.map((name) => [name, []])));
    let next = preparePage(browser);
    try {
      for (let run = 0; run < runs; run += 1) {
        log(`run ${run + 1}/${runs}`);
        for (const [index, route] of routes.entries()) {
          for (const name of BUILDS) {
            const prepared = next;
            next = null;
            try {
              samples[index][name].push(
                await measureLoad(prepared, `${origins[name]}${route.path}`, route.content, {
                  onContent: () => (next = preparePage(browser)),
                }),
              );
            } catch (error) {
              samples[index][name].push({
                error: error instanceof Error ? error.message.split('\n')[0] : String(error),
              });
            }
            next ??= preparePage(browser);
          }
        }
      }
    } finally {
      await next?.then(({ context }) => context.close()).catch(() => {});
    }

    log('warm navigation…');
    const warmTarget =
      routes.find((route) => route.name === 'rules page') ?? routes.find((route) => route.name === 'series');
    const warm = { from: '/', to: warmTarget?.path ?? null, server: [], federated: [], monolith: [] };
    if (warmTarget) {
      for (let run = 0; run < warmRuns; run += 1) {
        for (const name of ['server', 'federated', 'monolith']) {
          try {
            const result = await measureWarmNavigation(browser, origins[name], {
              from: '/',
              linkSelector: `a[href="${warmTarget.path}"]`,
              content: warmTarget.content,
            });
            warm[name].push(result.ms);
          } catch (error) {
            log(
              `warm navigation (${name}) failed: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
            );
          }
        }
      }
    }

    // The site as served: its home page's scripts before the main content.
    const home = samples[routes.findIndex((route) => route.path === '/')]?.server.find(
      (sample) => sample.scriptUrls,
    );
    const homeFirstLoadKbGzip = home ? gzipKb(FEDERATED_ORIGIN, home.scriptUrls) : null;
    // …and before it is interactive (hydrated): the union of three loads, since what the browser asks
    // for during hydration can vary with timing.
    log('home until interactive…');
    const interactive = [];
    for (let run = 0; run < 3; run += 1) {
      try {
        const result = await measureInteractive(browser, `${origins.server}/`);
        if (result) interactive.push(result);
      } catch (error) {
        log(
          `home until interactive failed: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
        );
      }
    }
    const homeInteractiveKbGzip = interactive.length
      ? gzipKb(
          FEDERATED_ORIGIN,
          interactive.flatMap((result) => result.scriptUrls),
        )
      : null;
    const homeInteractiveMs = interactive.length ? median(interactive.map((result) => result.liveMs)) : null;

    let lighthouse = {};
    if (lighthouseRuns > 0) {
      log('Lighthouse…');
      const byUrl = await lighthouseScores(
        executablePath,
        routes.map((route) => `${origins.server}${route.path}`),
        lighthouseRuns,
      );
      const seo = await lighthouseSeo(
        executablePath,
        routes.map((route) => `${origins.server}${route.path}`),
      );
      lighthouse = Object.fromEntries(
        routes.map((route) => [
          route.path,
          { ...byUrl[`${origins.server}${route.path}`], seo: seo[`${origins.server}${route.path}`] },
        ]),
      );
    }
    return {
      routes,
      missing,
      samples,
      warm,
      homeFirstLoadKbGzip,
      homeInteractiveKbGzip,
      homeInteractiveMs,
      lighthouse,
    };
  } finally {
    await browser.close();
    for (const stop of stops.toReversed()) await stop();
  }
}
