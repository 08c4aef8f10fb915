/** The few cookie operations the site server needs: read one by name, write one with its flags. */

/** A cookie's value in a `Cookie` header, or null when it is absent or not decodable. */
export function readCookie(header: string | undefined, name: string): string | null {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

export interface CookieFlags {
  /** Seconds until the browser drops it; 0 deletes it. */
  maxAge: number;
  /** Out of reach of the page's scripts. */
  httpOnly: boolean;
  /** Sent over https only (on a site served over TLS). */
  secure: boolean;
}

/**
 * A `Set-Cookie` value for the whole site, `SameSite=Lax`: sent with a visitor's own navigations
 * (a link from elsewhere included, so a preview link or a returning visitor keeps their build), never
 * with another site's requests.
 */
export function serializeCookie(name: string, value: string, flags: CookieFlags): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(flags.maxAge))}`,
    'SameSite=Lax',
    ...(flags.httpOnly ? ['HttpOnly'] : []),
    ...(flags.secure ? ['Secure'] : []),
  ].join('; ');
}
