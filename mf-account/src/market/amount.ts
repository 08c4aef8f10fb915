/**
 * Amounts typed by the visitor in dollars, checked here with the contract's own bounds before
 * anything is sent (the server checks them again): a listing's price and a payout.
 */
import { currencyDigits, formatPrice } from '@arttoy/shared/contracts';
import {
  LISTING_PRICE_MAX_MINOR,
  LISTING_PRICE_MIN_MINOR,
  listingPriceSchema,
  MARKET_CURRENCY,
  PAYOUT_MIN_MINOR,
  payoutBodySchema,
} from '@arttoy/shared/contracts/api';

export const usd = (amountMinor: number) => formatPrice({ amountMinor, currency: MARKET_CURRENCY });

/**
 * "24.99", "$1,250" or "5." → minor units; null for anything else (letters, a minus, more
 * decimals than the currency has, a comma that is not a thousands separator: "12,5" is refused
 * rather than read as $125). Integer arithmetic only: 0.1 + 0.2 never enters a price.
 */
export function parseAmount(text: string): number | null {
  const digits = currencyDigits(MARKET_CURRENCY);
  const clean = text.trim().replace(/^\$\s*/, '');
  const match = /^(\d{0,9}|\d{1,3}(?:,\d{3}){1,2})(?:\.(\d*))?$/.exec(clean);
  if (!match || clean === '' || clean === '.') return null;
  const [, grouped = '', fraction = ''] = match;
  const whole = grouped.replaceAll(',', '');
  if (fraction.length > digits) return null;
  return Number(whole || '0') * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

export type Checked = { amountMinor: number; problem: null } | { amountMinor: null; problem: string };

const EXAMPLE = 'in dollars, such as 25 or 24.99';

function parsed(text: string, what: string): Checked {
  if (text.trim() === '') return { amountMinor: null, problem: `Enter ${what} ${EXAMPLE}.` };
  const amountMinor = parseAmount(text);
  if (amountMinor === null)
    return {
      amountMinor: null,
      problem: `Enter ${what} ${EXAMPLE} (digits and at most ${currencyDigits(MARKET_CURRENCY)} decimals).`,
    };
  return { amountMinor, problem: null };
}

/** A listing's price, within listingPriceSchema's bounds. */
export function checkPrice(text: string): Checked {
  const result = parsed(text, 'a price');
  if (result.amountMinor === null || listingPriceSchema.safeParse(result.amountMinor).success) return result;
  return {
    amountMinor: null,
    problem: `A price is from ${usd(LISTING_PRICE_MIN_MINOR)} to ${usd(LISTING_PRICE_MAX_MINOR)}.`,
  };
}

/** A payout: at least PAYOUT_MIN_MINOR (payoutBodySchema), at most the balance. */
export function checkPayout(text: string, balanceMinor: number): Checked {
  const result = parsed(text, 'an amount');
  if (result.amountMinor === null) return result;
  if (!payoutBodySchema.shape.amountMinor.safeParse(result.amountMinor).success)
    return { amountMinor: null, problem: `A payout is at least ${usd(PAYOUT_MIN_MINOR)}.` };
  if (result.amountMinor > balanceMinor)
    return { amountMinor: null, problem: `You can request at most your balance, ${usd(balanceMinor)}.` };
  return result;
}

/** The figure a price shows in its field: 2499 → "24.99". */
export const amountText = (amountMinor: number) =>
  (amountMinor / 10 ** currencyDigits(MARKET_CURRENCY)).toFixed(currencyDigits(MARKET_CURRENCY));
