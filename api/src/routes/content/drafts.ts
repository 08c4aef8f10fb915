/** Whether a content request may see drafts: it asks (`preview=true`) and carries a valid token cookie. */
import type { FastifyRequest } from 'fastify';
import { isPreviewToken, PREVIEW_COOKIE } from '../../content/preview-tokens';

export function draftsAllowed(
  request: FastifyRequest,
  preview: 'true' | 'false' | undefined,
  tokens: readonly string[],
): boolean {
  return preview === 'true' && isPreviewToken(request.cookies[PREVIEW_COOKIE], tokens);
}

/**
 * Published answers are the same for everyone and may be cached; anything asked with
 * `preview=true` is private, so a shared cache can never hand a draft (or a draft-less answer) to
 * the wrong reader.
 */
export const contentCacheControl = (preview: 'true' | 'false' | undefined): string =>
  preview === 'true' ? 'private, no-store' : 'public, max-age=60, stale-while-revalidate=300';
