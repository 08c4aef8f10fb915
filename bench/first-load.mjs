// First-load JavaScript per route of the composed site, in KB gzip (level 9) and request count:
// the scripts requested until the route's main heading is visible (later prefetches do not count).
// Usage: npm run bench (builds and serves the site itself). Reads the files from .origin/ so the
// figure does not depend on the server's compression settings.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 4180);
const ROUTES = ['/', '/gallery', '/gallery/series/sample-series', '/blog/list', '/rules/authenticity', '/mysterybox/1', '/locker'];

async function waitForServer(url, tries = 100) {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const ok = await fetch(url).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

// Its own process group, so stopping it also stops what it started (the site server, the Auth emulator).
const server = spawn('npx', ['tsx', 'deploy/src/server.ts'], { cwd: ROOT, env: { ...process.env, PORT: String(PORT) }, stdio: 'ignore', detached: true });
try {
  await waitForServer(`http://localhost:${PORT}/builds/latest.json`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const rows = [];
  for (const route of ROUTES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Notes when the main heading first appears; scripts requested after that (prefetches) do not count.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('main h1')) {
          window.__mainVisibleAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto(`http://localhost:${PORT}${route}`);
    await page.waitForFunction(() => window.__mainVisibleAt !== undefined);
    // The page's own code: the shell's and its owner remote's (a prefetch of another remote may start earlier).
    const paths = await page.evaluate(() => {
      const owner = document.querySelector('[data-owner]')?.getAttribute('data-owner') ?? 'shell';
      const folders = ['/shell/', `/${owner.replace('_', '-')}/`];
      return performance
        .getEntriesByType('resource')
        .map((entry) => ({ file: new URL(entry.name).pathname, at: entry.startTime }))
        .filter(({ file, at }) => at <= window.__mainVisibleAt && file.endsWith('.js') && folders.some((folder) => file.startsWith(folder)))
        .map(({ file }) => file);
    });
    const scripts = new Set(paths);
    let gzip = 0;
    let raw = 0;
    for (const script of scripts) {
      const bytes = fs.readFileSync(path.join(ROOT, '.origin', script));
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
    }
    rows.push({ route, scripts: scripts.size, kbRaw: +(raw / 1024).toFixed(1), kbGzip: +(gzip / 1024).toFixed(1) });
    await context.close();
  }
  await browser.close();
  console.log('| route | JS files | KB minified | KB gzip |\n|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.route} | ${row.scripts} | ${row.kbRaw} | ${row.kbGzip} |`);
} finally {
  process.kill(-server.pid, 'SIGTERM');
}
