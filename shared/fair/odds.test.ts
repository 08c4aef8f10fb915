import { normaliseOdds, pickLine } from './odds';
import { FairInputError } from './errors';

const sum = (lines: { oddsPpm: number }[]) => lines.reduce((total, line) => total + line.oddsPpm, 0);

describe('normaliseOdds', () => {
  it('keeps odds that already sum to 1 000 000, sorted by figure id', () => {
    const lines = normaliseOdds([
      { figureId: 9, oddsPpm: 6_944 },
      { figureId: 2, oddsPpm: 500_000 },
      { figureId: 5, oddsPpm: 493_056 },
    ]);
    expect(lines).toEqual([
      { figureId: 2, oddsPpm: 500_000, publishedPpm: 500_000 },
      { figureId: 5, oddsPpm: 493_056, publishedPpm: 493_056 },
      { figureId: 9, oddsPpm: 6_944, publishedPpm: 6_944 },
    ]);
  });

  it('scales what is left in stock back to 1 000 000, largest remainders first, ties to the smaller id', () => {
    // Three equal lines of 1: each gets 333 333 and 1 ppm is left; equal remainders → the smallest id.
    expect(
      normaliseOdds([
        { figureId: 3, oddsPpm: 1 },
        { figureId: 1, oddsPpm: 1 },
        { figureId: 2, oddsPpm: 1 },
      ]).map((line) => line.oddsPpm),
    ).toEqual([333_334, 333_333, 333_333]);
    // 141 866 + 141 865 + 6 944 = 290 675: shares 488 057.11, 488 053.67, 23 889.22 → the one missing ppm goes to id 2.
    const lines = normaliseOdds([
      { figureId: 1, oddsPpm: 141_866 },
      { figureId: 2, oddsPpm: 141_865 },
      { figureId: 3, oddsPpm: 6_944 },
    ]);
    expect(lines.map((line) => line.oddsPpm)).toEqual([488_057, 488_054, 23_889]);
    expect(sum(lines)).toBe(1_000_000);
  });

  it('always sums to exactly 1 000 000 and keeps each share within 1 ppm', () => {
    let state = 12_345;
    const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31);
    for (let round = 0; round < 300; round += 1) {
      const input = Array.from({ length: 1 + (next() % 12) }, (_, index) => ({
        figureId: index + 1,
        oddsPpm: 1 + (next() % 400_000),
      }));
      const total = sum(input);
      const lines = normaliseOdds(input);
      expect(sum(lines)).toBe(1_000_000);
      lines.forEach((line, index) =>
        expect(Math.abs(line.oddsPpm - ((input[index]?.oddsPpm ?? 0) * 1_000_000) / total)).toBeLessThan(1),
      );
    }
  });

  it.each([
    [[], /no figure of this box is in stock/],
    [[{ figureId: 1, oddsPpm: 0 }], /between 1 and 1000000/],
    [[{ figureId: 1, oddsPpm: 0.5 }], /between 1 and 1000000/],
    [[{ figureId: 0, oddsPpm: 10 }], /positive whole number/],
    [
      [
        { figureId: 1, oddsPpm: 10 },
        { figureId: 1, oddsPpm: 20 },
      ],
      /appears twice/,
    ],
  ])('refuses %j', (lines, message) => {
    expect(() => normaliseOdds(lines)).toThrow(FairInputError);
    expect(() => normaliseOdds(lines)).toThrow(message);
  });
});

describe('pickLine', () => {
  const lines = normaliseOdds([
    { figureId: 1, oddsPpm: 600_000 },
    { figureId: 2, oddsPpm: 399_999 },
    { figureId: 3, oddsPpm: 1 },
  ]);

  it.each([
    [0, 1],
    [599_999, 1],
    [600_000, 2],
    [999_998, 2],
    [999_999, 3],
  ])('roll %i lands on figure %i', (roll, figureId) => {
    expect(pickLine(lines, roll).figureId).toBe(figureId);
  });

  it.each([-1, 1_000_000, 0.5])('refuses roll %s', (roll) => {
    expect(() => pickLine(lines, roll)).toThrow(/whole number from 0 to 999999/);
  });

  it('refuses odds that were not normalised', () => {
    expect(() => pickLine([{ figureId: 1, oddsPpm: 10, publishedPpm: 10 }], 50)).toThrow(/normalise them/);
  });
});
