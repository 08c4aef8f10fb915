/**
 * Preview tokens: whoever holds one sees drafts (with `?preview=true`). They come from
 * PREVIEW_TOKENS (comma-separated). Outside production an unset variable means the one documented
 * local token, `local-preview`, so drafts can be checked on a laptop; in production it means no
 * preview at all.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { apiEnvironment, type Environment } from '../config';

export const LOCAL_PREVIEW_TOKEN = 'local-preview';
export const PREVIEW_COOKIE = 'previewToken';

export function resolvePreviewTokens(
  configured: readonly string[] | undefined,
  env: Environment = apiEnvironment(),
): string[] {
  if (configured) return configured.filter((token) => token.length > 0);
  if (env.PREVIEW_TOKENS !== undefined) {
    return env.PREVIEW_TOKENS.split(',')
      .map((token) => token.trim())
      .filter((token) => token.length > 0);
  }
  return env.NODE_ENV === 'production' ? [] : [LOCAL_PREVIEW_TOKEN];
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Compares in constant time: both sides are hashed to the same length first (timingSafeEqual needs
 * equal lengths, and comparing lengths directly would leak them), and every token is checked.
 */
export function isPreviewToken(candidate: string | undefined, tokens: readonly string[]): boolean {
  if (!candidate) return false;
  const given = digest(candidate);
  let valid = false;
  for (const token of tokens) valid = timingSafeEqual(given, digest(token)) || valid;
  return valid;
}
