import type * as z from 'zod';
import { HttpError, request } from './client';

/** Where the API answers: the site's own origin (the site server mounts it; the harness proxies it). */
export const API_BASE = '/api';

export interface ApiJsonOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: Record<string, unknown>;
  /** A Firebase ID token, sent as `Authorization: Bearer <token>` (routes that need a signed-in user). */
  token?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Calls an API path (`/orders`, under API_BASE) with the one HTTP client and validates the answer
 * with the API's own zod schema from `@arttoy/shared/contracts/api`: an answer the page cannot read
 * is an HttpError here, not a crash further down.
 */
export async function apiJson<S extends z.ZodType>(
  path: string,
  schema: S,
  options: ApiJsonOptions = {},
): Promise<z.infer<S>> {
  const { token, headers = {}, ...rest } = options;
  const url = `${API_BASE}${path}`;
  const body = await request<unknown>(url, {
    ...rest,
    headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
  });
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const reason = parsed.error.issues[0]?.message ?? 'invalid';
    throw new HttpError(
      `The server answered ${path} in a shape this page does not know (${reason}). Reload the page to get the current version.`,
      200,
      url,
      'unexpected_response',
    );
  }
  return parsed.data;
}
