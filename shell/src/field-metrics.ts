import type { Metric } from 'web-vitals';
import type { Gtag } from './analytics';

/** The metrics reported from visitors' browsers: the three Core Web Vitals, then FCP and TTFB. */
export const FIELD_METRICS = ['LCP', 'CLS', 'INP', 'FCP', 'TTFB'] as const;

type OnMetric = (report: (metric: Metric) => void) => void;
type WebVitals = Record<`on${(typeof FIELD_METRICS)[number]}`, OnMetric>;

/**
 * web-vitals, a chunk of its own loaded after the first paint: its attribution build, the one the
 * field data's beacon uses (field/watch-vitals.ts, the same chunk), so a page with both loads it once.
 */
const loadWebVitals = (): Promise<WebVitals> =>
  import(/* webpackChunkName: "web-vitals" */ 'web-vitals/attribution');

/**
 * Sends the page's field metrics to the analytics global as events, each once per page load (a
 * page restored from the back/forward cache measures again; that is not sent). web-vitals reads
 * what the browser buffered, so loading it after the first paint still sees LCP, FCP, TTFB and the
 * layout shifts from the start; CLS and INP are sent when the page is hidden, as web-vitals settles them.
 * The event's `value` is an integer, as gtag wants: milliseconds, and CLS × 1000.
 */
export async function reportFieldMetrics(
  gtag: Gtag,
  load: () => Promise<WebVitals> = loadWebVitals,
): Promise<void> {
  const webVitals = await load();
  const sent = new Set<string>();
  const send = (metric: Metric): void => {
    if (sent.has(metric.name)) return;
    sent.add(metric.name);
    gtag('event', metric.name, {
      value: Math.round(metric.name === 'CLS' ? metric.value * 1000 : metric.value),
      metric_id: metric.id,
      metric_value: metric.value,
      metric_delta: metric.delta,
      metric_rating: metric.rating,
      non_interaction: true,
    });
  };
  for (const name of FIELD_METRICS) webVitals[`on${name}`](send);
}

/**
 * Starts the field metrics where analytics runs (its global exists), in `schedule`d time: the shell
 * passes "after the first paint", so nothing is added to what the first page loads and runs.
 * Returns whether they will be reported.
 */
export function startFieldMetrics(
  scope: { gtag?: unknown },
  schedule: (task: () => void) => void,
  load: () => Promise<WebVitals> = loadWebVitals,
): boolean {
  if (typeof scope.gtag !== 'function') return false;
  const gtag = scope.gtag as Gtag;
  schedule(() => {
    reportFieldMetrics(gtag, load).catch((error: unknown) =>
      console.warn('[shell] field metrics are not reported: their code did not load.', error),
    );
  });
  return true;
}
