import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import { type ApiErrorReason, isApiErrorReason } from '../contracts/api/errors';

/** Statuses worth one more try (spec §7); ofetch's defaults are exactly these. */
export const RETRY_STATUS_CODES = [408, 409, 425, 429, 500, 502, 503, 504] as const;
/** Methods with a body are never retried: a second POST could order twice. Use idempotency keys instead. */
export const NON_RETRIED_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * An HTTP failure with the status and the server's own answer (`{ error: { code, reason?, message,
 * details? } }`). Branch on `reason` (isApiError), never on `message`: the message is the API's,
 * written for a developer; a visitor is shown visitorMessage(error).
 */
export class HttpError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the server was not reached (offline, timeout). */
    readonly status: number,
    readonly url: string,
    /** The server's error class (`conflict`, `not_found`…), when it sent one. */
    readonly code: string | null = null,
    readonly details: unknown = null,
    /** The catalogue's code of a specific refusal (`box_sold_out`…), when the server named one. */
    readonly reason: ApiErrorReason | null = null,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

interface ServerErrorBody {
  error?: { code?: string; reason?: unknown; message?: string; details?: unknown };
}

function toHttpError(error: unknown, url: string): HttpError {
  if (!(error instanceof FetchError))
    return new HttpError(error instanceof Error ? error.message : String(error), 0, url);
  const status = error.response?.status ?? 0;
  const body = (error.data ?? {}) as ServerErrorBody;
  const message =
    body.error?.message ??
    (status === 0
      ? `Could not reach the server for ${url}. Check your connection and try again.`
      : `${url} answered ${status}.`);
  const reason = isApiErrorReason(body.error?.reason) ? body.error.reason : null;
  return new HttpError(message, status, url, body.error?.code ?? null, body.error?.details ?? null, reason);
}

const $fetch = ofetch.create({
  timeout: DEFAULT_TIMEOUT_MS,
  retryStatusCodes: [...RETRY_STATUS_CODES],
  retryDelay: 300,
});

/**
 * The site's one HTTP client: JSON in and out, a timeout, one retry of a failed body-less
 * request (network error or a status in RETRY_STATUS_CODES), and errors that carry the status and
 * the server's message.
 */
export async function request<T>(url: string, options: FetchOptions<'json'> = {}): Promise<T> {
  try {
    return await $fetch<T>(url, options);
  } catch (error) {
    throw toHttpError(error, url);
  }
}
