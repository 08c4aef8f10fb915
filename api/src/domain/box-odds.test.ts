import { assertOddsSumToOne, splitOdds } from './box-odds';

describe('box odds', () => {
  it('splits what the secret leaves evenly, to exactly 1 000 000 ppm', () => {
    const odds = splitOdds(7, 6_944);
    expect(odds.secret).toBe(6_944);
    expect(odds.regular).toEqual([141_866, 141_865, 141_865, 141_865, 141_865, 141_865, 141_865]);
    expect([...odds.regular, odds.secret].reduce((sum, value) => sum + value, 0)).toBe(1_000_000);
  });

  it('refuses impossible inputs with a message', () => {
    expect(() => splitOdds(0, 10)).toThrow(/at least one regular figure/);
    expect(() => splitOdds(3, 1_000_000)).toThrow(/between 1 and 999999 ppm/);
    expect(() => splitOdds(3, 0.5)).toThrow(/integer/);
  });

  it('checks that published odds sum to 1', () => {
    expect(() => assertOddsSumToOne('box-a', [500_000, 500_000])).not.toThrow();
    expect(() => assertOddsSumToOne('box-a', [500_000, 499_999])).toThrow(
      'Box box-a: odds sum to 999999 ppm, not 1000000 (= 1). Fix the odds before publishing it.',
    );
    expect(() => assertOddsSumToOne('box-a', [1_000_001, -1])).toThrow(/positive integer/);
  });
});
