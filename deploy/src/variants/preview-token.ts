/**
 * Preview links: `/_preview?token=…` shows the whole site with an environment's build (the preview
 * environment's, with one remote's new version) to whoever holds the link, until it expires. The
 * token names the environment and the build and is signed (HMAC-SHA256) with the site's preview
 * secret, so nobody can make one for a build of their choosing or stretch its expiry. The deploy
 * service signs links (`POST /v1/previews/links`); the site server checks them.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ENVIRONMENT_NAME } from '@arttoy/shared/contracts';

const VERSION = 'v1';

const claimsSchema = z.strictObject({
  /** The environment whose build the link shows: never production (it needs no link). */
  env: z
    .string()
    .regex(ENVIRONMENT_NAME, 'env must be an environment name')
    .refine((env) => env !== 'production', 'a preview link cannot name production'),
  /** The build the link shows: that exact build, even after the environment moves on. */
  build: z.string().regex(/^[0-9a-z][0-9a-z-]{5,63}$/, 'build must be a build id'),
  /** When the link stops working (ms since the epoch). */
  exp: z.number().int().positive(),
});

export type PreviewClaims = z.infer<typeof claimsSchema>;

export type PreviewCheck =
  | { ok: true; claims: PreviewClaims }
  | { ok: false; reason: 'malformed' | 'forged' | 'expired'; message: string };

const mac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest();

/** A signed token for `claims`; the link is `/_preview?token=<token>`. */
export function signPreviewToken(secret: string, claims: PreviewClaims): string {
  const parsed = claimsSchema.safeParse(claims);
  if (!parsed.success)
    throw new Error(
      `A preview token cannot be made: ${parsed.error.issues.map((issue) => issue.message).join('; ')}.`,
    );
  const body = `${VERSION}.${Buffer.from(JSON.stringify(parsed.data)).toString('base64url')}`;
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/** Whether a token is one this secret signed, and still valid at `now`; why not, in words for the visitor. */
export function verifyPreviewToken(secret: string, token: string, now: number): PreviewCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION || !parts[1] || !parts[2])
    return {
      ok: false,
      reason: 'malformed',
      message: 'This is not a preview link (its token is cut short or mistyped). Ask for a new link.',
    };
  const [version, payload, signature] = parts as [string, string, string];
  const expected = mac(secret, `${version}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return {
      ok: false,
      reason: 'forged',
      message:
        'This preview link was not made by this site (its signature does not match). Ask for a new link.',
    };
  let claims: PreviewClaims;
  try {
    claims = claimsSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return {
      ok: false,
      reason: 'malformed',
      message: 'This preview link is signed but names no build this site can show. Ask for a new link.',
    };
  }
  if (claims.exp <= now)
    return {
      ok: false,
      reason: 'expired',
      message: `This preview link expired at ${new Date(claims.exp).toISOString()}. Ask for a new link.`,
    };
  return { ok: true, claims };
}
