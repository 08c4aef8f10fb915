import {
  LISTING_PRICE_MAX_MINOR,
  LISTING_PRICE_MIN_MINOR,
  listingPriceSchema,
} from '@arttoy/shared/contracts/api';
import { amountText, checkPayout, checkPrice, parseAmount } from './amount';

describe('amounts typed in dollars', () => {
  it('reads dollars and cents as integer minor units', () => {
    expect(['25', '24.99', '$1,250', '$ 3.5', '5.', '.5', '0.29', ' 10.10 '].map(parseAmount)).toEqual([
      2_500, 2_499, 125_000, 350, 500, 50, 29, 1_010,
    ]);
  });

  it('refuses what is not an amount', () => {
    expect(
      ['', '.', 'ten', '-5', '1.999', '1e3', '12.3.4', '5 $', '12,5', '1,25,000'].map(parseAmount),
    ).toEqual([null, null, null, null, null, null, null, null, null, null]);
  });

  it("checks a price with the contract's bounds, inclusive", () => {
    expect(checkPrice('1').amountMinor).toBe(LISTING_PRICE_MIN_MINOR);
    expect(checkPrice('10000').amountMinor).toBe(LISTING_PRICE_MAX_MINOR);
    for (const text of ['0.99', '10000.01']) {
      expect(checkPrice(text)).toEqual({
        amountMinor: null,
        problem: 'A price is from $1.00 to $10,000.00.',
      });
      expect(listingPriceSchema.safeParse(parseAmount(text)).success).toBe(false);
    }
    expect(checkPrice('').problem).toBe('Enter a price in dollars, such as 25 or 24.99.');
    expect(checkPrice('1,000.50').amountMinor).toBe(100_050);
    expect(checkPrice('1.234').problem).toBe(
      'Enter a price in dollars, such as 25 or 24.99 (digits and at most 2 decimals).',
    );
  });

  it('checks a payout: at least $5.00, at most the balance', () => {
    expect(checkPayout('4.99', 10_000).problem).toBe('A payout is at least $5.00.');
    expect(checkPayout('20.01', 2_000).problem).toBe('You can request at most your balance, $20.00.');
    expect(checkPayout('20', 2_000)).toEqual({ amountMinor: 2_000, problem: null });
  });

  it('writes an amount back for its field', () => {
    expect([2_499, 100, 1_000_000].map(amountText)).toEqual(['24.99', '1.00', '10000.00']);
  });
});
