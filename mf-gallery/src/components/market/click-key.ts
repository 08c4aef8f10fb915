/**
 * One click's Idempotency-Key: crypto.randomUUID where the page is a secure context; on a plain-http
 * origin (where randomUUID is missing) 32 random hex digits, which the API's key rule accepts too.
 */
export function newClickKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
