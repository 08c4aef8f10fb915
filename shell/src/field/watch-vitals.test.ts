import type { FieldVital } from '@arttoy/shared/contracts/api';
import { tagOf, type VitalMetric, vitalOf, watchVitals, type WebVitalsApi } from './watch-vitals';

const lcp = (value: number, element?: string) =>
  ({
    name: 'LCP',
    value,
    attribution: {
      element,
      timeToFirstByte: 100,
      resourceLoadDelay: 20,
      resourceLoadDuration: 400,
      elementRenderDelay: 80,
    },
  }) as unknown as VitalMetric;

describe('vitalOf', () => {
  it("keeps the value, the longest part as the phase, and the element's tag name only", () => {
    expect(vitalOf(lcp(1234.6, 'html>body>div#root>main>img.hero-ada@example.org'))).toEqual({
      name: 'LCP',
      value: 1235,
      phase: 'load-duration',
      target: 'img',
    });
    expect(
      vitalOf({
        name: 'INP',
        value: 180,
        attribution: {
          interactionTarget: 'main>button#buy-AT12345678',
          inputDelay: 10,
          processingDuration: 40,
          presentationDelay: 130,
        },
      } as unknown as VitalMetric),
    ).toEqual({ name: 'INP', value: 180, phase: 'presentation', target: 'button' });
    expect(
      vitalOf({
        name: 'TTFB',
        value: 300,
        attribution: {
          waitingDuration: 5,
          cacheDuration: 0,
          dnsDuration: 40,
          connectionDuration: 60,
          requestDuration: 195,
        },
      } as unknown as VitalMetric),
    ).toEqual({ name: 'TTFB', value: 300, phase: 'request' });
    expect(
      vitalOf({
        name: 'CLS',
        value: 0.123456,
        attribution: { loadState: 'dom-content-loaded', largestShiftTarget: '#text' },
      } as unknown as VitalMetric),
    ).toEqual({ name: 'CLS', value: 0.1235, phase: 'dom-content-loaded' });
  });

  it('clamps values to what the API takes and leaves out an unknown element', () => {
    expect(vitalOf(lcp(90_000))).toEqual({ name: 'LCP', value: 60_000, phase: 'load-duration' });
    expect(vitalOf({ name: 'CLS', value: 12, attribution: {} } as unknown as VitalMetric)).toEqual({
      name: 'CLS',
      value: 10,
    });
  });

  it('reads a tag name from a selector, nothing from anything else', () => {
    expect(tagOf('html>body>my-widget[data-x="1"]')).toBe('my-widget');
    expect(tagOf('h1')).toBe('h1');
    expect(tagOf('#text')).toBeUndefined();
    expect(tagOf(undefined)).toBeUndefined();
  });
});

describe('watchVitals', () => {
  it('reports each metric once per page load', () => {
    const callbacks: Record<string, (metric: VitalMetric) => void> = {};
    const api = Object.fromEntries(
      ['onLCP', 'onINP', 'onCLS', 'onTTFB'].map((name) => [
        name,
        (report: (metric: VitalMetric) => void) => void (callbacks[name] = report),
      ]),
    ) as unknown as WebVitalsApi;
    const reported: FieldVital[] = [];
    watchVitals((vital) => reported.push(vital), api);
    callbacks.onLCP!(lcp(800));
    // Back from the back/forward cache: web-vitals measures again; not reported.
    callbacks.onLCP!(lcp(50));
    expect(reported).toEqual([{ name: 'LCP', value: 800, phase: 'load-duration' }]);
  });

  it('runs with the real web-vitals attribution build (which measures nothing in jsdom)', () => {
    const reported: FieldVital[] = [];
    expect(() => watchVitals((vital) => reported.push(vital))).not.toThrow();
    expect(reported).toEqual([]);
  });
});
