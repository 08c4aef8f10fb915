/**
 * How the site writes prices, calendar dates and moments: one module for every app, the same on
 * the server and in the browser. The locale is fixed (the site is written in US English), so the
 * server's HTML and the browser's hydration agree whatever either machine is set to; calendar days
 * are read in UTC, so no time zone moves one to the day before. Formatters are made on first use
 * (importing this module does nothing) and kept.
 */
import type { Money } from './api/common';

/** The one locale of every formatted value. */
export const SITE_LOCALE = 'en-US';

const priceFormats = new Map<string, Intl.NumberFormat>();

function priceFormat(currency: string): Intl.NumberFormat {
  let format = priceFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(SITE_LOCALE, { style: 'currency', currency });
    priceFormats.set(currency, format);
  }
  return format;
}

/** How many decimals the currency's minor unit has, as Intl knows it: USD 2, JPY 0, KWD 3. */
export function currencyDigits(currency: string): number {
  return priceFormat(currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** An amount from integer minor units, in the currency's own decimals: 1599 USD → "$15.99", 1500 JPY → "¥1,500". */
export function formatPrice({ amountMinor, currency }: Money): string {
  return priceFormat(currency).format(amountMinor / 10 ** currencyDigits(currency));
}

let dateFormat: Intl.DateTimeFormat | undefined;

/**
 * A calendar day, `2025-03-01` (or the day of a UTC timestamp) → "March 1, 2025". Read in UTC, so
 * the server's render and every visitor's browser show the same day.
 */
export function formatDate(isoDate: string): string {
  dateFormat ??= new Intl.DateTimeFormat(SITE_LOCALE, { dateStyle: 'long', timeZone: 'UTC' });
  return dateFormat.format(new Date(/^\d{4}-\d{2}-\d{2}$/.test(isoDate) ? `${isoDate}T00:00:00Z` : isoDate));
}

const shortDayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A day in a dense list (locker rows, the ledger), "Mar 1, 2025", in the visitor's time zone by
 * default: like `formatDateTime`, only for pages the server never renders, unless a `timeZone` is given.
 */
export function formatShortDate(iso: string, timeZone?: string): string {
  const key = timeZone ?? '';
  let format = shortDayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(SITE_LOCALE, { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) });
    shortDayFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

let countFormat: Intl.NumberFormat | undefined;

/** A whole count with the site's digit grouping: 1000000 → "1,000,000". */
export function formatCount(count: number): string {
  countFormat ??= new Intl.NumberFormat(SITE_LOCALE);
  return countFormat.format(count);
}

const momentFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment with its time, "March 1, 2025 at 11:41 PM", in the visitor's time zone by default: for
 * pages rendered in the browser alone (orders, receipts, payment), which no server render has to
 * match. Anything a server renders passes a `timeZone` ('UTC').
 */
export function formatDateTime(iso: string, timeZone?: string): string {
  const key = timeZone ?? '';
  let format = momentFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(SITE_LOCALE, {
      dateStyle: 'long',
      timeStyle: 'short',
      ...(timeZone ? { timeZone } : {}),
    });
    momentFormats.set(key, format);
  }
  return format.format(new Date(iso));
}
