/**
 * The web vitals of this page load, from web-vitals' attribution build, as a field beacon carries
 * them (contracts/api/field.ts): the value (ms, or the CLS score) clamped to what the API takes,
 * the part that took longest as the phase, and the element reduced to its tag name. This module
 * and web-vitals are one chunk, loaded after the first paint (start-field.ts), never by the first
 * page's own code.
 */
import {
  FIELD_VITAL_PHASES,
  type FieldVitalName,
  type FieldVitalPhase,
  MAX_FIELD_CLS,
  MAX_FIELD_VITAL_MS,
} from '@arttoy/shared/contracts';
import type { FieldVital } from '@arttoy/shared/contracts/api';
import {
  type CLSMetricWithAttribution,
  type INPMetricWithAttribution,
  type LCPMetricWithAttribution,
  onCLS,
  onINP,
  onLCP,
  onTTFB,
  type TTFBMetricWithAttribution,
} from 'web-vitals/attribution';

export type VitalMetric =
  | LCPMetricWithAttribution
  | INPMetricWithAttribution
  | CLSMetricWithAttribution
  | TTFBMetricWithAttribution;

/** The tag name of the last element of a web-vitals selector (`html>body>main>img.hero` → `img`). */
export function tagOf(selector: string | undefined): string | undefined {
  const last = selector?.split('>').at(-1)?.trim().toLowerCase();
  return /^([a-z][a-z0-9-]{0,31})(?=$|[.#[:])/.exec(last ?? '')?.[1];
}

/** The phase with the largest share: the first of the largest, in the order the phases are listed. */
function longest<N extends FieldVitalName>(
  name: N,
  parts: Record<FieldVitalPhase<N>, number | undefined>,
): FieldVitalPhase<N> | undefined {
  let found: FieldVitalPhase<N> | undefined;
  let most = 0;
  for (const phase of FIELD_VITAL_PHASES[name] as readonly FieldVitalPhase<N>[]) {
    const value = parts[phase] ?? 0;
    if (value > most) [found, most] = [phase, value];
  }
  return found;
}

const clamp = (value: number, max: number): number => Math.min(Math.max(value, 0), max);
const ms = (value: number): number => Math.round(clamp(value, MAX_FIELD_VITAL_MS));

/** A metric as the beacon carries it, attribution included; undefined parts are left out. */
export function vitalOf(metric: VitalMetric): FieldVital {
  const vital = ((): FieldVital => {
    switch (metric.name) {
      case 'LCP': {
        const a = metric.attribution;
        return {
          name: 'LCP',
          value: ms(metric.value),
          phase: longest('LCP', {
            ttfb: a.timeToFirstByte,
            'load-delay': a.resourceLoadDelay,
            'load-duration': a.resourceLoadDuration,
            'render-delay': a.elementRenderDelay,
          }),
          target: tagOf(a.element),
        };
      }
      case 'INP': {
        const a = metric.attribution;
        return {
          name: 'INP',
          value: ms(metric.value),
          phase: longest('INP', {
            'input-delay': a.inputDelay,
            processing: a.processingDuration,
            presentation: a.presentationDelay,
          }),
          target: tagOf(a.interactionTarget),
        };
      }
      case 'CLS':
        return {
          name: 'CLS',
          value: Math.round(clamp(metric.value, MAX_FIELD_CLS) * 10_000) / 10_000,
          phase: metric.attribution.loadState,
          target: tagOf(metric.attribution.largestShiftTarget),
        };
      case 'TTFB': {
        const a = metric.attribution;
        return {
          name: 'TTFB',
          value: ms(metric.value),
          phase: longest('TTFB', {
            waiting: a.waitingDuration,
            cache: a.cacheDuration,
            dns: a.dnsDuration,
            connection: a.connectionDuration,
            request: a.requestDuration,
          }),
        };
      }
    }
  })();
  return Object.fromEntries(Object.entries(vital).filter(([, value]) => value !== undefined)) as FieldVital;
}

/** The web-vitals functions this module uses (a stand-in in tests). */
export interface WebVitalsApi {
  onLCP: (report: (metric: LCPMetricWithAttribution) => void) => void;
  onINP: (report: (metric: INPMetricWithAttribution) => void) => void;
  onCLS: (report: (metric: CLSMetricWithAttribution) => void) => void;
  onTTFB: (report: (metric: TTFBMetricWithAttribution) => void) => void;
}

/**
 * Reports each vital of this page load once, as web-vitals settles it: TTFB at once, LCP at the
 * first interaction or when the page is hidden, CLS and INP when the page is hidden. A page back
 * from the back/forward cache measures again; that is not reported (its route may have changed).
 */
export function watchVitals(
  report: (vital: FieldVital) => void,
  api: WebVitalsApi = { onLCP, onINP, onCLS, onTTFB },
): void {
  const seen = new Set<FieldVitalName>();
  const once = (metric: VitalMetric): void => {
    if (seen.has(metric.name)) return;
    seen.add(metric.name);
    report(vitalOf(metric));
  };
  api.onTTFB(once);
  api.onLCP(once);
  api.onCLS(once);
  api.onINP(once);
}
