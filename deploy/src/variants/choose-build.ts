/**
 * Which build a visitor's document is made from. A preview link's visitor gets the build it names;
 * while production runs a canary, a fixed share of visitors get the candidate build, each visitor
 * always the same one (their bucket is a hash of their visitor id and the canary's release, so a
 * new canary deals visitors again); everyone else gets the stable build.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { LatestBuild } from '@arttoy/shared/contracts';
import type { PreviewClaims } from './preview-token';

/** What the document says of its build (`<meta name="build-channel">`); the shell's build watch reads it. */
export type BuildChannel = 'stable' | 'canary' | 'preview';

export interface BuildChoice {
  id: string;
  channel: BuildChannel;
  /**
   * The answer depends on who asks (a preview, or any visitor while a canary runs): it must never
   * be kept by a shared cache and handed to someone else.
   */
  personal: boolean;
}

/** The visitor id cookie: random, long-lived, the key of a visitor's canary bucket. */
export const VISITOR_COOKIE = 'arttoy-vid';
/** The preview cookie: a preview link's token, kept until the link expires. */
export const PREVIEW_COOKIE = 'arttoy-preview';
/** How long a browser keeps the visitor id: 400 days, the longest Chromium accepts. */
export const VISITOR_COOKIE_SECONDS = 400 * 24 * 3600;

const VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** A visitor id the site could have made (anything else in the cookie is replaced). */
export const isVisitorId = (value: string | null): value is string =>
  value !== null && VISITOR_ID.test(value);

export const newVisitorId = (): string => randomBytes(16).toString('base64url');

/** The visitor's bucket for a canary, 0-99: the same for the same visitor and release, spread evenly across visitors. */
export function canaryBucket(visitorId: string, release: string): number {
  return createHash('sha256').update(`${visitorId}\n${release}`).digest().readUInt32BE(0) % 100;
}

export function chooseBuild(input: {
  production: LatestBuild;
  /** A valid preview cookie's claims, or null. */
  preview: PreviewClaims | null;
  visitorId: string;
}): BuildChoice {
  if (input.preview) return { id: input.preview.build, channel: 'preview', personal: true };
  const { canary } = input.production;
  if (!canary) return { id: input.production.id, channel: 'stable', personal: false };
  return canaryBucket(input.visitorId, canary.release) < canary.percent
    ? { id: canary.id, channel: 'canary', personal: true }
    : { id: input.production.id, channel: 'stable', personal: true };
}
