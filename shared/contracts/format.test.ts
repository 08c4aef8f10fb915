import { currencyDigits, formatDate, formatDateTime, formatPrice } from './format';

/** Intl writes the space before AM/PM as a narrow no-break space in newer ICU versions. */
const plain = (text: string): string => text.replace(/\s/g, ' ');

describe('formatPrice', () => {
  it.each([
    [{ amountMinor: 1599, currency: 'USD' }, '$15.99'],
    [{ amountMinor: 1000, currency: 'EUR' }, '€10.00'],
    // Yen have no minor unit: 1500 minor units are ¥1,500, not ¥15.
    [{ amountMinor: 1500, currency: 'JPY' }, '¥1,500'],
    // Dinars have three decimals.
    [{ amountMinor: 12345, currency: 'KWD' }, 'KWD 12.345'],
  ])('writes %j as %s, in the currency’s own decimals', (money, expected) => {
    expect(plain(formatPrice(money))).toBe(expected);
  });

  it('takes the decimals from Intl, not an assumed 2', () => {
    expect([
      currencyDigits('USD'),
      currencyDigits('JPY'),
      currencyDigits('KRW'),
      currencyDigits('BHD'),
    ]).toEqual([2, 0, 0, 3]);
  });
});

describe('formatDate', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('writes a calendar day in the site’s one style', () => {
    expect(formatDate('2025-03-01')).toBe('March 1, 2025');
    expect(formatDate('2024-12-31')).toBe('December 31, 2024');
  });

  it('keeps the day whatever the machine’s time zone (the server and every browser agree)', () => {
    for (const timeZone of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
      process.env.TZ = timeZone;
      expect(formatDate('2025-03-01')).toBe('March 1, 2025');
    }
  });

  it('takes the UTC day of a timestamp', () => {
    expect(formatDate('2025-03-01T23:30:00-05:00')).toBe('March 2, 2025');
  });
});

describe('formatDateTime', () => {
  it('writes a moment with the same date style and the time', () => {
    expect(plain(formatDateTime('2026-11-21T15:04:00Z', 'UTC'))).toBe('November 21, 2026 at 3:04 PM');
  });

  it('shows the moment in the zone asked for', () => {
    expect(plain(formatDateTime('2026-11-21T15:04:00Z', 'Asia/Tokyo'))).toBe('November 22, 2026 at 12:04 AM');
  });
});
