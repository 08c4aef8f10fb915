import { MIN_SPAN_SHARE, niceStep, priceAxis, share, timeTicks } from './chart-scale';

describe('niceStep', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten, and never below one minor unit', () => {
    expect(niceStep(140)).toBe(200);
    expect(niceStep(100)).toBe(100);
    expect(niceStep(230)).toBe(250);
    expect(niceStep(260)).toBe(500);
    expect(niceStep(7_000)).toBe(10_000);
    expect(niceStep(0.3)).toBe(1);
    expect(niceStep(2.2)).toBe(3);
  });
});

describe('priceAxis', () => {
  it('keeps a $3.50 change on a $28 figure to under half the height, from a round floor', () => {
    const axis = priceAxis([2_450, 2_800]);
    expect(axis).toEqual({ floor: 2_200, ceiling: 3_000, ticks: [2_200, 2_400, 2_600, 2_800, 3_000] });
    const drawn = (2_800 - 2_450) / (axis.ceiling - axis.floor);
    expect(drawn).toBeLessThan(0.5);
  });

  it('spans at least a fifth of the highest price, around every price', () => {
    for (const prices of [[2_000], [999, 1_000], [12_345, 12_400, 12_390], [150, 3_000]]) {
      const { floor, ceiling, ticks } = priceAxis(prices);
      expect(ceiling - floor).toBeGreaterThanOrEqual(Math.max(...prices) * MIN_SPAN_SHARE);
      expect(floor).toBeLessThanOrEqual(Math.min(...prices));
      expect(ceiling).toBeGreaterThanOrEqual(Math.max(...prices));
      expect(ticks[0]).toBe(floor);
      expect(ticks.at(-1)).toBe(ceiling);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(ticks.length).toBeLessThanOrEqual(7);
    }
  });

  it('puts a single sale in the middle of its axis', () => {
    expect(priceAxis([2_000])).toEqual({
      floor: 1_800,
      ceiling: 2_200,
      ticks: [1_800, 1_900, 2_000, 2_100, 2_200],
    });
  });

  it('never goes below zero, and still gives a step for a price of zero', () => {
    expect(priceAxis([100, 3_000]).floor).toBe(0);
    expect(priceAxis([0])).toEqual({ floor: 0, ceiling: 1, ticks: [0, 1] });
  });
});

describe('share', () => {
  it('is where a value falls between two others, and the middle when they are equal', () => {
    expect(share(25, 0, 100)).toBe(0.25);
    expect(share(5, 5, 5)).toBe(0.5);
  });
});

describe('timeTicks', () => {
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);
  const at = (iso: string) => Date.parse(iso);

  it('names the first and last day and the one halfway, each once', () => {
    expect(timeTicks(at('2026-11-01T12:00:00Z'), at('2026-11-21T12:00:00Z'), day).map(day)).toEqual([
      '2026-11-01',
      '2026-11-11',
      '2026-11-21',
    ]);
    expect(timeTicks(at('2026-11-01T08:00:00Z'), at('2026-11-01T20:00:00Z'), day).map(day)).toEqual([
      '2026-11-01',
    ]);
  });
});
