/**
 * A random UUID (v4) for one attempt's Idempotency-Key (an order, a purchase of a listing): the same
 * key for every retry of that attempt, a new one for the next. crypto.randomUUID exists only on secure
 * origins; getRandomValues works everywhere, so the UUID is built from it.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
