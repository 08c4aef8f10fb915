import * as fc from 'fast-check';
import { formatOneIn, largestRemainder, showOdds } from './odds';

const percentOf = (shown: string) => Number(shown.replace('%', ''));
const sumOfShown = (ppm: readonly number[], decimals?: number) =>
  Math.round(showOdds(ppm, decimals).reduce((sum, line) => sum + percentOf(line.percent) * 10, 0)) / 10;

describe('showOdds', () => {
  it('shows a seed box (eight regulars and a secret of 6 944 ppm) summing to exactly 100%', () => {
    // Each line rounded on its own to 0.01% made these 8 × 12.41% + 0.69% = 99.97%.
    const box = [124_132, 124_132, 124_132, 124_132, 124_132, 124_132, 124_132, 124_132, 6_944];
    const shown = showOdds(box);
    expect(shown.map((line) => line.percent)).toEqual([
      '12.5%',
      '12.4%',
      '12.4%',
      '12.4%',
      '12.4%',
      '12.4%',
      '12.4%',
      '12.4%',
      '0.7%',
    ]);
    expect(sumOfShown(box)).toBe(100);
    expect(shown[8]).toEqual({ percent: '0.7%', exact: '6,944 in 1,000,000', oneIn: 'about 1 in 144' });
  });

  it('always sums to exactly 100% and keeps each line within one step of its exact share', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 2 }),
        (ppm, decimals) => {
          const steps = 100 * 10 ** decimals;
          const units = largestRemainder(ppm, steps);
          expect(units.reduce((sum, part) => sum + part, 0)).toBe(steps);
          const total = ppm.reduce((sum, part) => sum + part, 0);
          units.forEach((part, index) => {
            expect(Math.abs(part - ((ppm[index] ?? 0) * steps) / total)).toBeLessThan(1);
          });
          expect(sumOfShown(ppm, decimals)).toBe(100);
        },
      ),
    );
  });
});

describe('formatOneIn', () => {
  it('says "about" unless the odds are exactly one in a whole number', () => {
    expect(formatOneIn(250_000)).toBe('1 in 4');
    expect(formatOneIn(6_944)).toBe('about 1 in 144');
  });
});
