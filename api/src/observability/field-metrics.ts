/**
 * Field data in Prometheus metrics: beacons, page views and errors per app version, and the web
 * vitals' histograms per metric and app version, counted as the API takes each beacon
 * (routes/field). The buckets are FIELD_VITAL_BUCKETS, the same the stored histograms use, in
 * seconds for the durations. Labels are bounded: apps and metrics are fixed lists, versions are the
 * published ones a beacon's schema accepts, and the attribution's element is one of a short list of
 * tags or `other`.
 */
import { Counter, Histogram, type Registry } from 'prom-client';
import {
  type AppName,
  FIELD_VITAL_BUCKETS,
  type FieldErrorKind,
  type FieldVitalName,
} from '@arttoy/shared/contracts';
import type { FieldReport } from '@arttoy/shared/contracts/api';

/** The tags an attribution's element may be labelled with; any other is counted as `other`. */
const TARGET_LABELS = new Set([
  'a',
  'button',
  'canvas',
  'div',
  'h1',
  'h2',
  'h3',
  'img',
  'input',
  'li',
  'main',
  'p',
  'picture',
  'section',
  'select',
  'span',
  'svg',
  'textarea',
  'video',
]);

export interface FieldMetrics {
  /** Counts one beacon taken: its views, errors and vitals. */
  observe(report: FieldReport): void;
  beacons: Counter<'app' | 'version'>;
  views: Counter<'app' | 'version'>;
  errors: Counter<'app' | 'version' | 'kind'>;
  durations: Histogram<'metric' | 'app' | 'version'>;
  layoutShift: Histogram<'app' | 'version'>;
  attributions: Counter<'metric' | 'phase' | 'target'>;
}

const seconds = (name: FieldVitalName): number[] => FIELD_VITAL_BUCKETS[name].map((ms) => ms / 1000);

export function createFieldMetrics(registry: Registry): FieldMetrics {
  const registers = [registry];
  const beacons = new Counter({
    name: 'field_beacons_total',
    help: "Field beacons taken from visitors' browsers, per app on the page and its version.",
    labelNames: ['app', 'version'] as const,
    registers,
  });
  const views = new Counter({
    name: 'field_page_views_total',
    help: 'Page views reported by field beacons, per app on the page and its version.',
    labelNames: ['app', 'version'] as const,
    registers,
  });
  const errors = new Counter({
    name: 'field_errors_total',
    help: "Errors met in visitors' browsers, per app and version that raised them and kind.",
    labelNames: ['app', 'version', 'kind'] as const,
    registers,
  });
  // LCP, INP and TTFB share one histogram: a union of their bounds, so each metric's thresholds are bounds.
  const durationBuckets = [...new Set([...seconds('LCP'), ...seconds('INP'), ...seconds('TTFB')])].toSorted(
    (a, b) => a - b,
  );
  const durations = new Histogram({
    name: 'field_web_vital_duration_seconds',
    help: "Web vitals measured in visitors' browsers (LCP, INP, TTFB), per metric, app on the page and its version.",
    labelNames: ['metric', 'app', 'version'] as const,
    buckets: durationBuckets,
    registers,
  });
  const layoutShift = new Histogram({
    name: 'field_cumulative_layout_shift',
    help: "Cumulative layout shift (CLS) measured in visitors' browsers, per app on the page and its version.",
    labelNames: ['app', 'version'] as const,
    buckets: [...FIELD_VITAL_BUCKETS.CLS],
    registers,
  });
  const attributions = new Counter({
    name: 'field_web_vital_attributions_total',
    help: 'Web vitals by the part that took longest (or the load state of the largest shift) and the element involved.',
    labelNames: ['metric', 'phase', 'target'] as const,
    registers,
  });
  return {
    beacons,
    views,
    errors,
    durations,
    layoutShift,
    attributions,
    observe(report) {
      const apps = Object.entries(report.versions) as [AppName, string][];
      for (const [app, version] of apps) {
        beacons.inc({ app, version });
        if (report.views > 0) views.inc({ app, version }, report.views);
        for (const vital of report.vitals ?? []) {
          if (vital.name === 'CLS') layoutShift.observe({ app, version }, vital.value);
          else durations.observe({ metric: vital.name, app, version }, vital.value / 1000);
        }
      }
      for (const error of report.errors)
        errors.inc({ app: error.app, version: error.version, kind: error.kind satisfies FieldErrorKind });
      for (const vital of report.vitals ?? [])
        attributions.inc({
          metric: vital.name,
          phase: vital.phase ?? 'unknown',
          target: vital.target ? (TARGET_LABELS.has(vital.target) ? vital.target : 'other') : 'none',
        });
    },
  };
}
