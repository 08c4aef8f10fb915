/**
 * The ship-out fee: the one table the rules page shows, the locker's form quotes and the API
 * charges. Plain data and functions, no zod: the rules page imports it without the API's schemas.
 */
import { formatPrice } from '../format';
import type { Money } from './common';

export type ShippingZoneId = 'us' | 'ca_mx' | 'gb_eu' | 'world';

export interface ShippingZone {
  id: ShippingZoneId;
  /** The destination as the rules page names it. */
  label: string;
  /** ISO 3166-1 alpha-2 codes; the last zone (rest of world) lists none and takes every other. */
  countries: readonly string[];
  /** One parcel of up to FIGURES_IN_BASE_FEE figures. */
  fee: Money;
  /** Added for each figure past FIGURES_IN_BASE_FEE. */
  extraFigureFee: Money;
  /** Typical delivery, in working days. */
  deliveryDays: { min: number; max: number };
}

/** How many figures the base fee covers. */
export const FIGURES_IN_BASE_FEE = 6;

const usd = (amountMinor: number): Money => ({ amountMinor, currency: 'USD' });

const EU = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

/** The zones in the order the rules page lists them; the last one is the rest of the world. */
export const SHIPPING_ZONES: readonly ShippingZone[] = [
  {
    id: 'us',
    label: 'United States',
    countries: ['US'],
    fee: usd(599),
    extraFigureFee: usd(50),
    deliveryDays: { min: 3, max: 6 },
  },
  {
    id: 'ca_mx',
    label: 'Canada and Mexico',
    countries: ['CA', 'MX'],
    fee: usd(1299),
    extraFigureFee: usd(100),
    deliveryDays: { min: 6, max: 10 },
  },
  {
    id: 'gb_eu',
    label: 'United Kingdom and EU',
    countries: ['GB', ...EU],
    fee: usd(1499),
    extraFigureFee: usd(100),
    deliveryDays: { min: 6, max: 12 },
  },
  {
    id: 'world',
    label: 'Rest of world',
    countries: [],
    fee: usd(1999),
    extraFigureFee: usd(150),
    deliveryDays: { min: 8, max: 20 },
  },
];

/** Where a document shows the fee table: a paragraph of its own holding only this. */
export const SHIP_OUT_FEE_TABLE_PLACEHOLDER = '{{fees.ship-out}}';

/** The zone of a destination (a two-letter country code, any case); unknown codes are the rest of the world. */
export function shippingZoneOf(country: string): ShippingZone {
  const code = country.trim().toUpperCase();
  const zones = SHIPPING_ZONES.slice(0, -1);
  return zones.find((zone) => zone.countries.includes(code)) ?? (SHIPPING_ZONES.at(-1) as ShippingZone);
}

export interface ShipOutQuote {
  zone: ShippingZone;
  figures: number;
  /** The base fee plus the extra figures' fees. */
  fee: Money;
}

/** What shipping `figures` figures (at least one) to `country` costs. */
export function quoteShipOut(country: string, figures: number): ShipOutQuote {
  if (!Number.isInteger(figures) || figures < 1)
    throw new RangeError(`A ship-out holds at least one figure (got ${figures}).`);
  const zone = shippingZoneOf(country);
  const extra = Math.max(0, figures - FIGURES_IN_BASE_FEE);
  return {
    zone,
    figures,
    fee: {
      amountMinor: zone.fee.amountMinor + extra * zone.extraFigureFee.amountMinor,
      currency: zone.fee.currency,
    },
  };
}

/** "$5.99": the site's one price format (contracts/format.ts), under the name the fee table and the locker import. */
export const formatMoney = formatPrice;

/** "3-6 working days". */
export const formatDeliveryDays = ({ min, max }: ShippingZone['deliveryDays']): string =>
  `${min}-${max} working days`;

/** The table as plain lines, for search and text-only readers: "United States: $5.99 up to 6 figures, …". */
export function shipOutFeeText(): string {
  return SHIPPING_ZONES.map(
    (zone) =>
      `${zone.label}: ${formatMoney(zone.fee)} up to ${FIGURES_IN_BASE_FEE} figures, ${formatMoney(zone.extraFigureFee)} each extra figure, ${formatDeliveryDays(zone.deliveryDays)}.`,
  ).join(' ');
}
