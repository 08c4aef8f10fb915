/**
 * Reads until `done` holds or `timeoutMs` passes, and returns the last value (the caller asserts on
 * it). For changes another instance (or an operator) commits: the API hears of them through the
 * database's change notices, a few milliseconds later, not before its next answer.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
