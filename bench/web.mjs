// The browser half of `npm run bench`: the federated site, the monolith and the static floor, loaded
// in turn (A B C A B C …) in fresh throttled contexts, then warm navigation and Lighthouse.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildFederated, captureStatic, compileMonolith, publishMonolith, FEDERATED_ORIGIN, MONOLITH_ORIGIN } from './lib/builds.mjs';
import { lighthouseScores } from './lib/lighthouse.mjs';
import { CHROMIUM_ARGS, measureLoad, measureWarmNavigation, preparePage } from './lib/measure.mjs';
import { startServer } from './lib/processes.mjs';
import { discoverRoutes } from './lib/routes.mjs';
import { startStaticServer } from './lib/static-server.mjs';

const PORTS = { federated: 4191, monolith: 4192, static: 4193 };
export const BUILDS = ['federated', 'monolith', 'static'];

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
  return startServer('npx', ['tsx', 'bench/serve.mts', origin, String(port), ...extra], `http://127.0.0.1:${port}/builds/latest.json`);
}

export async function benchWeb({ runs, warmRuns, lighthouseRuns, build, executablePath, log }) {
  // Two builds at once: webpack keeps about one core busy, and the machine has two.
  log(build ? 'building the federated site (npm run build, two streams) and the monolith…' : 'taking the federated site in .origin/, building the monolith…');
  await Promise.all([buildFederated({ build }), compileMonolith()]);
  await publishMonolith();

  const stops = [];
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    stops.push(...(await Promise.all([serveOrigin(FEDERATED_ORIGIN, PORTS.federated), serveOrigin(MONOLITH_ORIGIN, PORTS.monolith, ['--no-remote-preload'])])));
    const origins = Object.fromEntries(BUILDS.map((name) => [name, `http://127.0.0.1:${PORTS[name]}`]));
    const { found: routes, missing } = await discoverRoutes(origins.federated);
    log(`routes: ${routes.map((route) => route.path).join(' ')}${missing.length ? ` (not measured: ${missing.map((m) => m.name).join(', ')})` : ''}`);
    log('capturing the static floor…');
    const files = await captureStatic(browser, origins.federated, routes);
    stops.push(await startStaticServer(files, origins.federated, PORTS.static));

    // One load at a time: two emulated phones at once shared the two cores and made every load about
    // 1.5 times slower, and a static load beside the next one slowed whichever build came next. Builds
    // alternate A B C, so each pair of runs is measured side by side. The next fresh context is made
    // while the current page settles.
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
              samples[index][name].push(await measureLoad(prepared, `${origins[name]}${route.path}`, route.content, { onContent: () => (next = preparePage(browser)) }));
            } catch (error) {
              samples[index][name].push({ error: error instanceof Error ? error.message.split('\n')[0] : String(error) });
            }
            next ??= preparePage(browser);
          }
        }
      }
    } finally {
      await next?.then(({ context }) => context.close()).catch(() => {});
    }

    log('warm navigation…');
    const warmTarget = routes.find((route) => route.name === 'rules page') ?? routes.find((route) => route.name === 'series');
    const warm = { from: '/', to: warmTarget?.path ?? null, federated: [], monolith: [] };
    if (warmTarget) {
      for (let run = 0; run < warmRuns; run += 1) {
        for (const name of ['federated', 'monolith']) {
          try {
            const result = await measureWarmNavigation(browser, origins[name], { from: '/', linkSelector: `a[href="${warmTarget.path}"]`, content: warmTarget.content });
            warm[name].push(result.ms);
          } catch (error) {
            log(`warm navigation (${name}) failed: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
          }
        }
      }
    }

    const home = samples[routes.findIndex((route) => route.path === '/')]?.federated.find((sample) => sample.scriptUrls);
    const homeFirstLoadKbGzip = home ? gzipKb(FEDERATED_ORIGIN, home.scriptUrls) : null;

    let lighthouse = {};
    if (lighthouseRuns > 0) {
      log('Lighthouse…');
      const byUrl = await lighthouseScores(executablePath, routes.map((route) => `${origins.federated}${route.path}`), lighthouseRuns);
      lighthouse = Object.fromEntries(routes.map((route) => [route.path, byUrl[`${origins.federated}${route.path}`]]));
    }
    return { routes, missing, samples, warm, homeFirstLoadKbGzip, lighthouse };
  } finally {
    await browser.close();
    for (const stop of stops.toReversed()) await stop();
  }
}
