/** True when a statement failed on this unique constraint (drizzle wraps the driver's error in causes). */
export function violatesUnique(error: unknown, constraint: string): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint: named } = cause as { code?: string; constraint?: string };
    if (code === '23505' && (named === constraint || String((cause as Error).message).includes(constraint)))
      return true;
  }
  return false;
}
