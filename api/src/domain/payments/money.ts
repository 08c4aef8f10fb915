/** Minor units ↔ the decimal strings providers speak ("19.99" USD, "1500" JPY), in exact integer arithmetic. */

/** Digits after the decimal point for a currency (USD 2, JPY 0), from the platform's ISO 4217 data. */
export function currencyExponent(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

export function toDecimal(amountMinor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  if (exponent === 0) return String(amountMinor);
  const digits = String(amountMinor).padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** The minor units of a provider's decimal string; NaN when it is not a plain amount of that currency. */
export function fromDecimal(value: string, currency: string): number {
  const exponent = currencyExponent(currency);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match || (match[2]?.length ?? 0) > exponent) return Number.NaN;
  return Number(match[1]) * 10 ** exponent + Number((match[2] ?? '').padEnd(exponent, '0') || '0');
}

/** "$19.99" for pages. */
export function formatMoney(amountMinor: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(
    amountMinor / 10 ** currencyExponent(currency),
  );
}
