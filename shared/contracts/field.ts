/**
 * The limits of a field report (POST /api/field), without zod: the browser's beacon cuts to them,
 * and the API's schema (contracts/api/field.ts) refuses past them.
 */
import { HOME_ALIASES, SITE_ROUTES } from './routes';

/**
 * The routes a report may name: the patterns of the site's route table and its home aliases (the
 * router's own paths, as the shell reads them), and `*` for a page no route matched. Anything else is
 * refused, so what a client sends cannot grow the counts kept per route.
 */
export const FIELD_ROUTES: ReadonlySet<string> = new Set<string>([
  ...SITE_ROUTES.map((route) => route.path),
  ...HOME_ALIASES,
  '*',
]);

/** How an error reached the report: the outlet's fallback, a failed load of a remote's code, or the window. */
export const FIELD_ERROR_KINDS = ['remote', 'load', 'uncaught', 'rejection'] as const;
export type FieldErrorKind = (typeof FIELD_ERROR_KINDS)[number];

/** Errors one beacon may carry: the browser sends a full batch at once, so a storm cannot grow one beacon. */
export const MAX_FIELD_ERRORS = 20;
/** The longest message kept; the browser cuts longer ones (and the API refuses them, so a client cannot store more). */
export const MAX_FIELD_MESSAGE = 200;
/** Page views one beacon may count: a batch is sent well before this (every few seconds and on leaving). */
export const MAX_FIELD_VIEWS = 100;

/** The web vitals a beacon may carry (measured by web-vitals' attribution build, shell/src/field/). */
export const FIELD_VITALS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type FieldVitalName = (typeof FIELD_VITALS)[number];

/**
 * A vital's attribution as the beacon carries it: the part of the metric that took longest (LCP,
 * INP, TTFB) or the page's load state at the largest shift (CLS). The element web-vitals names is
 * reduced to its tag name (`img`, `h1`): a selector can carry ids and classes made of content.
 */
export const FIELD_VITAL_PHASES = {
  LCP: ['ttfb', 'load-delay', 'load-duration', 'render-delay'],
  INP: ['input-delay', 'processing', 'presentation'],
  CLS: ['loading', 'dom-interactive', 'dom-content-loaded', 'complete'],
  TTFB: ['waiting', 'cache', 'dns', 'connection', 'request'],
} as const satisfies Record<FieldVitalName, readonly string[]>;
export type FieldVitalPhase<N extends FieldVitalName = FieldVitalName> =
  (typeof FIELD_VITAL_PHASES)[N][number];

/** Vitals one beacon may carry: a page load has one of each, and the browser sends each once. */
export const MAX_FIELD_VITALS = FIELD_VITALS.length;
/** The largest LCP, INP or TTFB kept, in ms; the browser clamps longer ones (a tab left loading). */
export const MAX_FIELD_VITAL_MS = 60_000;
/** The largest CLS kept; the browser clamps larger ones. */
export const MAX_FIELD_CLS = 10;

/**
 * The upper bounds of the histogram buckets a vital is counted in (ms, or the CLS score): the
 * stored counts per minute, the p75 estimate of GET /api/field/health and the metrics' histograms
 * all use them. Each metric's "good" and "poor" thresholds (LCP 2500/4000, INP 200/500, TTFB
 * 800/1800, CLS 0.1/0.25) are bounds, so a share of good visits is exact. A value above the last
 * bound is counted in one more bucket.
 */
export const FIELD_VITAL_BUCKETS: Readonly<Record<FieldVitalName, readonly number[]>> = {
  LCP: [
    250, 500, 750, 1000, 1250, 1500, 1750, 2000, 2500, 3000, 3500, 4000, 5000, 6000, 8000, 10_000, 15_000,
    20_000, 30_000, 60_000,
  ],
  INP: [
    25, 50, 75, 100, 125, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1500, 2000, 3000, 5000, 10_000,
    60_000,
  ],
  TTFB: [
    50, 100, 150, 200, 300, 400, 500, 600, 800, 1000, 1200, 1500, 1800, 2500, 3000, 5000, 10_000, 60_000,
  ],
  CLS: [0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 2, 5, 10],
};

/** Each vital's "good" threshold (web.dev's): a value at most this is good. */
export const FIELD_VITAL_GOOD: Readonly<Record<FieldVitalName, number>> = {
  LCP: 2500,
  INP: 200,
  CLS: 0.1,
  TTFB: 800,
};

/** The bucket `value` is counted in: the first whose bound it does not exceed. */
export function fieldVitalBucket(name: FieldVitalName, value: number): number {
  const bounds = FIELD_VITAL_BUCKETS[name];
  const index = bounds.findIndex((bound) => value <= bound);
  return index === -1 ? bounds.length : index;
}
