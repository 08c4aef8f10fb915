// Lighthouse's performance score as a second opinion: its default mobile profile simulates the same
// throttling (150 ms RTT, 1.6 Mbit/s, 4× CPU). Runs offline against the local server.
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './measure.mjs';
import { median } from './stats.mjs';

const DEBUGGING_PORT = 9338;
// The performance score is the weighted mean of these five metrics and nothing else. Asking for them
// alone gives the same score and skips the diagnostics' gatherers (coverage, image and script
// audits), so each run is shorter.
const SCORED_METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

/** Per URL, the median performance score (0-100) and total blocking time (ms) of `runs` Lighthouse runs. */
export async function lighthouseScores(executablePath, urls, runs) {
  const browser = await chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUGGING_PORT}`],
  });
  const scores = {};
  try {
    for (const url of urls) {
      const values = [];
      const blocking = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(url, {
          port: DEBUGGING_PORT,
          onlyAudits: SCORED_METRICS,
          output: 'json',
          logLevel: 'error',
          // Pictures for a report nobody opens: they take seconds a run and no part of the score.
          disableFullPageScreenshot: true,
          // Stop a quarter second after load and quiet (default one second each): the pages are
          // done by then, and what follows is the prefetch of other pages' code.
          pauseAfterFcpMs: 250,
          pauseAfterLoadMs: 250,
          networkQuietThresholdMs: 250,
          cpuQuietThresholdMs: 250,
          skipAudits: ['screenshot-thumbnails', 'final-screenshot'],
        });
        const category = result?.lhr.categories.performance;
        // Lighthouse 12's metric weights add up to 100; less means it scores a metric not asked for.
        const weights = category?.auditRefs.reduce((sum, ref) => sum + ref.weight, 0);
        if (category && weights !== 100)
          throw new Error(
            `Lighthouse scored with weights adding up to ${weights}, not 100: add its scored metrics to SCORED_METRICS.`,
          );
        const score = category?.score;
        if (typeof score === 'number') values.push(Math.round(score * 100));
        const tbt = result?.lhr.audits['total-blocking-time']?.numericValue;
        if (typeof tbt === 'number') blocking.push(Math.round(tbt));
      }
      scores[url] = { score: median(values), tbtMs: median(blocking) };
    }
  } finally {
    await browser.close();
  }
  return scores;
}

/**
 * Lighthouse's SEO score (0-100) per URL, one run each (the audits read the document, not timings),
 * with the audits that failed, by id.
 */
export async function lighthouseSeo(executablePath, urls) {
  const browser = await chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUGGING_PORT}`],
  });
  const results = {};
  try {
    for (const url of urls) {
      const result = await lighthouse(url, {
        port: DEBUGGING_PORT,
        onlyCategories: ['seo'],
        output: 'json',
        logLevel: 'error',
        disableFullPageScreenshot: true,
      });
      const category = result?.lhr.categories.seo;
      const failed = (category?.auditRefs ?? [])
        .filter(
          (ref) =>
            ref.weight > 0 &&
            typeof result.lhr.audits[ref.id]?.score === 'number' &&
            result.lhr.audits[ref.id].score < 1,
        )
        .map((ref) => ref.id);
      results[url] = {
        score: typeof category?.score === 'number' ? Math.round(category.score * 100) : null,
        failed,
      };
    }
  } finally {
    await browser.close();
  }
  return results;
}
