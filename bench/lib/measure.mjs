// One page load under mobile throttling, measured in the page itself: when the route's main content
// painted (Element Timing, cross-checked with LCP), the JavaScript bytes and requests it took, CLS.
import { devices } from 'playwright-core';

/** The mobile profile: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, 4× slower CPU. */
export const THROTTLING = { latencyMs: 150, downloadKbps: 1600, uploadKbps: 750, cpuSlowdown: 4 };
// Layout shifts right after the main content still count; later ones are Lighthouse's to report.
const SETTLE_MS = 200;
const POLL_MS = 25;
const CONTENT_TIMEOUT_MS = 30_000;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A fresh context (empty cache, no storage) with the mobile viewport. */
export function newMobileContext(browser) {
  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } = devices['Pixel 7'];
  return browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, userAgent });
}

export async function throttle(context, page, { network = true } = {}) {
  const cdp = await context.newCDPSession(page);
  if (network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLING.latencyMs,
      downloadThroughput: (THROTTLING.downloadKbps * 1000) / 8,
      uploadThroughput: (THROTTLING.uploadKbps * 1000) / 8,
    });
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
  return cdp;
}

/**
 * Runs in the page before its own scripts: marks the route's main content (the first element matching
 * `selector`, whose text contains `text` when given) with `elementtiming`, so the browser reports when
 * it painted, and records LCP and layout shifts.
 */
function instrument({ selector, text }) {
  const marks = { element: null, found: null, lcp: null, cls: 0 };
  window.__bench = marks;
  const matches = (element) => !text || (element.textContent ?? '').includes(text);
  const tag = () => {
    if (marks.found !== null) return;
    const element = [...document.querySelectorAll(selector)].find(matches);
    if (!element) return;
    element.setAttribute('elementtiming', 'main-content');
    marks.found = performance.now();
    // For content that Element Timing cannot report (already painted before it matched): the next frame.
    requestAnimationFrame(() => {
      marks.foundFrame = performance.now();
    });
  };
  new MutationObserver(tag).observe(document, { childList: true, subtree: true, characterData: true });
  const observe = (type, onEntry) => {
    const observer = new PerformanceObserver((list) => list.getEntries().forEach(onEntry));
    observer.observe({ type, buffered: true });
    return () => observer.takeRecords().forEach(onEntry);
  };
  // Observers report in tasks of their own; collect() takes what they have not reported yet.
  const flushes = [
    observe('element', (entry) => {
      if (entry.identifier === 'main-content' && marks.element === null)
        marks.element = entry.renderTime || entry.loadTime;
    }),
    observe(
      'largest-contentful-paint',
      (entry) => (marks.lcp = entry.renderTime || entry.loadTime || entry.startTime),
    ),
    observe('layout-shift', (entry) => {
      if (!entry.hadRecentInput) marks.cls += entry.value;
    }),
  ];
  marks.takeRecords = () => flushes.forEach((flush) => flush());
}

/** In the page: has the main content painted? Polled, so it need not wait for the observers' tasks. */
function contentShown() {
  const marks = window.__bench;
  marks.takeRecords();
  return marks.element !== null || marks.foundFrame !== undefined;
}

/**
 * What the page loaded until its main content painted, read once `settleMs` after it painted. Asked
 * for as soon as the content shows: the settle window and the wait for a main thread still busy with
 * the page's own work (seconds of it, under 4× CPU) then overlap instead of adding up.
 */
async function collect(settleMs) {
  const marks = window.__bench;
  const painted = marks.element ?? marks.foundFrame;
  const wait = painted + settleMs - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  marks.takeRecords();
  const contentMs = marks.element ?? marks.foundFrame ?? null;
  const resources = performance
    .getEntriesByType('resource')
    .filter((entry) => contentMs === null || entry.startTime <= contentMs);
  const isScript = (entry) =>
    entry.initiatorType === 'script' || new URL(entry.name).pathname.endsWith('.js');
  const scripts = resources.filter(isScript);
  const navigation = performance.getEntriesByType('navigation')[0];
  return {
    contentMs,
    contentSource: marks.element !== null ? 'element-timing' : 'next-frame',
    lcpMs: marks.lcp,
    cls: marks.cls,
    jsBytes: scripts.reduce((sum, entry) => sum + entry.transferSize, 0),
    jsRequests: scripts.length,
    scriptUrls: scripts.map((entry) => entry.name),
    requests: resources.length + 1,
    documentBytes: navigation?.transferSize ?? null,
  };
}

/** A fresh throttled context (empty cache, no storage) and its page, ready for one load. */
export async function preparePage(browser) {
  const context = await newMobileContext(browser);
  const page = await context.newPage();
  await throttle(context, page);
  return { context, page };
}

/**
 * Loads `url` in a prepared page (see preparePage) and measures it; `content` says what the main
 * content is. `onContent` runs once it has painted: the caller may prepare the next page while this
 * one settles, so the wait between loads is not spent starting a browser context. (Preparing it as
 * the load starts would slow the load being measured.)
 */
export async function measureLoad(prepared, url, content, { onContent = () => {} } = {}) {
  const { context, page } = await prepared;
  try {
    await page.addInitScript(instrument, content);
    const response = await page.goto(url, { waitUntil: 'commit' });
    if (!response || response.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
    await page.waitForFunction(contentShown, null, { timeout: CONTENT_TIMEOUT_MS, polling: POLL_MS });
    onContent();
    return await page.evaluate(collect, SETTLE_MS);
  } finally {
    // Not awaited: the next load need not wait for this renderer to go away.
    context.close().catch(() => {});
  }
}

/** In the page: the scripts it asked for before it was live (`#root[data-shell-ready]`, set once hydrated). */
function scriptsBeforeLive() {
  const live = performance.getEntriesByName('shell-live', 'mark')[0]?.startTime ?? null;
  if (live === null) return null;
  const scripts = performance
    .getEntriesByType('resource')
    .filter((entry) => entry.startTime <= live && new URL(entry.name).pathname.endsWith('.js'));
  return { liveMs: live, scriptUrls: scripts.map((entry) => entry.name) };
}

/** Runs in the page before its own scripts: marks the moment the shell says it is live. */
function markLive() {
  const root = () => document.getElementById('root');
  const observer = new MutationObserver(() => {
    if (root()?.hasAttribute('data-shell-ready')) {
      performance.mark('shell-live');
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-shell-ready'] });
}

/**
 * Loads `url` throttled and waits until the page is live (hydrated, or rendered in the browser):
 * the scripts it asked for until then are what "JavaScript before the page is interactive" counts.
 */
export async function measureInteractive(browser, url) {
  const { context, page } = await preparePage(browser);
  try {
    await page.addInitScript(markLive);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => performance.getEntriesByName('shell-live', 'mark').length > 0, null, {
      timeout: CONTENT_TIMEOUT_MS,
      polling: POLL_MS,
    });
    return await page.evaluate(scriptsBeforeLive);
  } finally {
    await context.close();
  }
}

/**
 * Warm navigation: on `from`, hover the link to `to` (the site prefetches its remote), wait for the
 * network to settle, click, and time click → the target's main content painted. CPU slowed 4×,
 * network unthrottled: this measures composition, not the connection.
 */
export async function measureWarmNavigation(browser, origin, { from, linkSelector, content }) {
  const context = await newMobileContext(browser);
  try {
    const page = await context.newPage();
    await throttle(context, page, { network: false });
    await page.goto(`${origin}${from}`, { waitUntil: 'networkidle' });
    const link = page.locator(linkSelector).first();
    await link.scrollIntoViewIfNeeded();
    await link.hover();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    await page.evaluate(instrument, content);
    await page.evaluate(() => {
      window.__bench.clickedAt = null;
      document.addEventListener('click', () => (window.__bench.clickedAt = performance.now()), {
        capture: true,
        once: true,
      });
    });
    await link.click();
    await page.waitForFunction(contentShown, null, { timeout: CONTENT_TIMEOUT_MS, polling: POLL_MS });
    return await page.evaluate(() => {
      const marks = window.__bench;
      const painted = marks.element ?? marks.foundFrame;
      return {
        ms: painted - marks.clickedAt,
        source: marks.element !== null ? 'element-timing' : 'next-frame',
      };
    });
  } finally {
    await context.close();
  }
}
