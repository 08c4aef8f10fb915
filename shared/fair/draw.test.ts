import { drawFigure, simulateDraws } from './draw';
import { normaliseOdds } from './odds';
import { chiSquare, chiSquareCritical } from './statistics';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
// A typical box: six regulars sharing what a 1-in-144 secret leaves.
const BOX = [
  { figureId: 11, oddsPpm: 165_510 },
  { figureId: 12, oddsPpm: 165_510 },
  { figureId: 13, oddsPpm: 165_509 },
  { figureId: 14, oddsPpm: 165_509 },
  { figureId: 15, oddsPpm: 165_509 },
  { figureId: 16, oddsPpm: 165_509 },
  { figureId: 17, oddsPpm: 6_944 },
];

describe('drawFigure', () => {
  it('draws the figure whose stretch of the odds line holds the roll (known vector)', () => {
    // Roll 282 372 (roll.test.ts) falls in figure 12's stretch [165 510, 331 020).
    const result = drawFigure({ serverSeed: SEED, clientSeed: 'client', nonce: 0, lines: BOX });
    expect(result).toMatchObject({ figureId: 12, rollPpm: 282_372 });
    expect(result.lines).toEqual(normaliseOdds(BOX));
  });

  it('does not depend on the order the lines come in', () => {
    const reversed = BOX.toReversed();
    for (let nonce = 0; nonce < 50; nonce += 1) {
      expect(drawFigure({ serverSeed: SEED, clientSeed: 'order', nonce, lines: reversed }).figureId).toBe(
        drawFigure({ serverSeed: SEED, clientSeed: 'order', nonce, lines: BOX }).figureId,
      );
    }
  });

  it('never draws a figure that is not in stock', () => {
    const inStock = BOX.filter((line) => line.figureId !== 12);
    for (let nonce = 0; nonce < 500; nonce += 1) {
      expect(drawFigure({ serverSeed: SEED, clientSeed: 'stock', nonce, lines: inStock }).figureId).not.toBe(
        12,
      );
    }
  });

  it('draws the only figure left', () => {
    expect(
      drawFigure({
        serverSeed: SEED,
        clientSeed: 'last',
        nonce: 3,
        lines: [{ figureId: 17, oddsPpm: 6_944 }],
      }).figureId,
    ).toBe(17);
  });
});

describe('simulateDraws', () => {
  it('counts every figure, zero included, and adds up to the number of draws', () => {
    const counts = simulateDraws({
      serverSeed: SEED,
      clientSeed: 'count',
      firstNonce: 0,
      count: 100,
      lines: BOX,
    });
    expect([...counts.keys()]).toEqual(BOX.map((line) => line.figureId));
    expect([...counts.values()].reduce((sum, count) => sum + count, 0)).toBe(100);
  });

  it('agrees with drawFigure draw by draw, so chunks add up to the whole', () => {
    const whole = simulateDraws({
      serverSeed: SEED,
      clientSeed: 'chunks',
      firstNonce: 0,
      count: 60,
      lines: BOX,
    });
    const first = simulateDraws({
      serverSeed: SEED,
      clientSeed: 'chunks',
      firstNonce: 0,
      count: 25,
      lines: BOX,
    });
    const rest = simulateDraws({
      serverSeed: SEED,
      clientSeed: 'chunks',
      firstNonce: 25,
      count: 35,
      lines: BOX,
    });
    for (const [figureId, count] of whole)
      expect((first.get(figureId) ?? 0) + (rest.get(figureId) ?? 0)).toBe(count);
    const drawn = Array.from(
      { length: 60 },
      (_, nonce) => drawFigure({ serverSeed: SEED, clientSeed: 'chunks', nonce, lines: BOX }).figureId,
    );
    for (const [figureId, count] of whole) expect(drawn.filter((id) => id === figureId)).toHaveLength(count);
  });

  it('matches the published odds over 120 000 draws (chi-square, p = 0.001)', () => {
    const counts = simulateDraws({
      serverSeed: SEED,
      clientSeed: 'chi-square',
      firstNonce: 0,
      count: 120_000,
      lines: BOX,
    });
    const result = chiSquare(
      BOX.map((line) => counts.get(line.figureId) ?? 0),
      BOX.map((line) => line.oddsPpm / 1_000_000),
    );
    expect(result.degreesOfFreedom).toBe(6);
    expect(result.statistic).toBeLessThan(result.criticalValue);
    expect(result.consistent).toBe(true);
  });

  it('matches renormalised odds when a figure is sold out', () => {
    const inStock = BOX.filter((line) => line.figureId !== 11);
    const counts = simulateDraws({
      serverSeed: SEED,
      clientSeed: 'sold-out',
      firstNonce: 0,
      count: 60_000,
      lines: inStock,
    });
    const expected = normaliseOdds(inStock);
    const result = chiSquare(
      expected.map((line) => counts.get(line.figureId) ?? 0),
      expected.map((line) => line.oddsPpm / 1_000_000),
    );
    expect(result.consistent).toBe(true);
  });
});

describe('chiSquare', () => {
  it('flags counts far from the odds', () => {
    expect(chiSquare([900, 100], [0.5, 0.5]).consistent).toBe(false);
    expect(chiSquare([505, 495], [0.5, 0.5]).consistent).toBe(true);
  });

  it('approximates the 0.999 quantiles (10.83 for 1 df, 22.46 for 6, 29.59 for 10)', () => {
    expect(chiSquareCritical(1)).toBeGreaterThan(10.83);
    expect(chiSquareCritical(1)).toBeLessThan(11.3);
    expect(chiSquareCritical(6)).toBeCloseTo(22.46, 0);
    expect(chiSquareCritical(10)).toBeCloseTo(29.59, 0);
  });
});
