/**
 * Paths on this site given by a visitor (a redirect after preview, the way back after signing in).
 * A path is checked as the browser will resolve it, not as sent: "/.//evil.example" passes a check
 * for a leading "//", then resolves to "//evil.example", another site. So dot segments are resolved
 * first and the result checked; backslashes (which browsers read as "/") and whitespace are refused.
 */
const BASE = 'http://site.invalid';

/** `value` resolved as the browser will ("/a/./b/../c" → "/a/c"), or null when it is not a path on this site. */
export function sameSitePath(value: string): string | null {
  if (!value.startsWith('/') || /[\\\s]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== BASE || path.startsWith('//')) return null;
  return path;
}
