import type { Metric } from 'web-vitals';
import { FIELD_METRICS, reportFieldMetrics, startFieldMetrics } from './field-metrics';

type Name = (typeof FIELD_METRICS)[number];

/** A stand-in for web-vitals: each `on<NAME>` keeps its callback, and the test reports through it. */
function fakeWebVitals() {
  const callbacks = new Map<Name, (metric: Metric) => void>();
  const module = Object.fromEntries(
    FIELD_METRICS.map((name) => [
      `on${name}`,
      jest.fn((report: (metric: Metric) => void) => callbacks.set(name, report)),
    ]),
  ) as Record<`on${Name}`, jest.Mock>;
  const report = (name: Name, value: number, delta = value) =>
    callbacks.get(name)?.({
      name,
      value,
      delta,
      id: `v4-${name}`,
      rating: 'good',
      entries: [],
      navigationType: 'navigate',
    } as Metric);
  return { module, report, load: jest.fn(async () => module) };
}

describe('reportFieldMetrics', () => {
  it('sends LCP, CLS, INP, FCP and TTFB as analytics events, with integer values (CLS × 1000)', async () => {
    const gtag = jest.fn();
    const vitals = fakeWebVitals();
    await reportFieldMetrics(gtag, vitals.load);
    vitals.report('TTFB', 182.4);
    vitals.report('FCP', 910.6);
    vitals.report('LCP', 1200.2);
    vitals.report('CLS', 0.0123);
    vitals.report('INP', 96);
    expect(gtag.mock.calls.map(([command, name, params]) => [command, name, params.value])).toEqual([
      ['event', 'TTFB', 182],
      ['event', 'FCP', 911],
      ['event', 'LCP', 1200],
      ['event', 'CLS', 12],
      ['event', 'INP', 96],
    ]);
    expect(gtag.mock.calls[3]![2]).toEqual({
      value: 12,
      metric_id: 'v4-CLS',
      metric_value: 0.0123,
      metric_delta: 0.0123,
      metric_rating: 'good',
      non_interaction: true,
    });
  });

  it('sends each metric once, even when web-vitals reports it again (a page back from the back/forward cache)', async () => {
    const gtag = jest.fn();
    const vitals = fakeWebVitals();
    await reportFieldMetrics(gtag, vitals.load);
    vitals.report('LCP', 1200);
    vitals.report('LCP', 800);
    vitals.report('CLS', 0.1);
    vitals.report('CLS', 0.2, 0.1);
    expect(gtag.mock.calls.map(([, name, params]) => [name, params.value])).toEqual([
      ['LCP', 1200],
      ['CLS', 100],
    ]);
  });

  it('works with the real web-vitals module (which measures nothing where the browser has no performance observers)', async () => {
    const gtag = jest.fn();
    await expect(reportFieldMetrics(gtag)).resolves.toBeUndefined();
    expect(gtag).not.toHaveBeenCalled();
  });
});

describe('startFieldMetrics', () => {
  it.each([
    ['no gtag', {}],
    ['a gtag that is not a function', { gtag: 'G-123' }],
  ])('loads nothing with %s', (_, scope) => {
    const schedule = jest.fn();
    const vitals = fakeWebVitals();
    expect(startFieldMetrics(scope, schedule, vitals.load)).toBe(false);
    expect(schedule).not.toHaveBeenCalled();
    expect(vitals.load).not.toHaveBeenCalled();
  });

  it('loads web-vitals only when the schedule (after the first paint) runs its task', async () => {
    const gtag = jest.fn();
    const vitals = fakeWebVitals();
    let task: (() => void) | undefined;
    expect(startFieldMetrics({ gtag }, (scheduled) => (task = scheduled), vitals.load)).toBe(true);
    expect(vitals.load).not.toHaveBeenCalled();
    task?.();
    expect(vitals.load).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    vitals.report('FCP', 700);
    expect(gtag).toHaveBeenCalledWith('event', 'FCP', expect.objectContaining({ value: 700 }));
  });

  it('says so, without an uncaught error, when web-vitals does not load', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = jest.fn(() => Promise.reject(new Error('ChunkLoadError')));
    startFieldMetrics({ gtag: jest.fn() }, (task) => task(), load);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(warn).toHaveBeenCalledWith(
      '[shell] field metrics are not reported: their code did not load.',
      expect.any(Error),
    );
    warn.mockRestore();
  });
});
