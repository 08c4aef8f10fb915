import { drainMsFrom } from './drain';

describe('API_DRAIN_MS', () => {
  it('defaults to 1.5 s and takes whole milliseconds up to a minute', () => {
    expect([
      drainMsFrom(undefined),
      drainMsFrom(''),
      drainMsFrom('0'),
      drainMsFrom('2500'),
      drainMsFrom('60000'),
    ]).toEqual([1_500, 1_500, 0, 2_500, 60_000]);
  });

  it.each(['abc', '-1', '1.5', '1e3', '60001'])('refuses %j, saying what it takes', (value) => {
    expect(() => drainMsFrom(value)).toThrow(
      `API_DRAIN_MS must be a whole number of milliseconds from 0 to 60000, got "${value}".`,
    );
  });
});
