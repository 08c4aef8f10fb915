/**
 * PayPal's REST API over fetch: OAuth 2.0 client credentials (POST /v1/oauth2/token, the token
 * cached until shortly before it expires) and JSON calls with a timeout. PayPal's refusals (4xx
 * with `name` and `details[].issue`) become PaymentDeclinedError; outages (network, 5xx, timeouts)
 * ProviderUnavailableError.
 */
import { PaymentDeclinedError, ProviderUnavailableError } from '../provider';

export interface PayPalClientOptions {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  /** Per call. Default 10 s. */
  timeoutMs?: number;
}

interface PayPalErrorBody {
  name?: string;
  message?: string;
  details?: { issue?: string; description?: string }[];
  error?: string;
  error_description?: string;
}

export interface PayPalClient {
  /** A JSON call with a bearer token; `requestId` becomes PayPal-Request-Id (PayPal's idempotency key). */
  call<T>(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string): Promise<T>;
}

/** Refresh this long before PayPal's expiry, so a token never expires mid-call. */
const EXPIRY_MARGIN_MS = 60_000;

export function createPayPalClient(options: PayPalClientOptions): PayPalClient {
  const base = options.apiBase.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new ProviderUnavailableError(`PayPal did not answer (${(error as Error).message}).`, {
        cause: error,
      });
    }
  }

  async function fail(response: Response, what: string): Promise<never> {
    const body = (await response.json().catch(() => ({}))) as PayPalErrorBody;
    const issue = body.details?.[0]?.issue ?? body.name ?? body.error ?? `HTTP_${response.status}`;
    const description =
      body.details?.[0]?.description ?? body.message ?? body.error_description ?? response.statusText;
    if (response.status >= 500 || response.status === 429)
      throw new ProviderUnavailableError(`PayPal could not ${what} right now (${response.status} ${issue}).`);
    if (response.status === 401 || response.status === 403) {
      throw new ProviderUnavailableError(
        `PayPal refused our credentials while trying to ${what} (${issue}); check PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.`,
      );
    }
    throw new PaymentDeclinedError(
      `PayPal could not ${what}: ${issue}${description ? ` (${description})` : ''}.`,
      issue,
    );
  }

  async function fetchToken(): Promise<string> {
    const response = await send(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) return fail(response, 'sign us in');
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token)
      throw new ProviderUnavailableError('PayPal answered the token request without an access_token.');
    cached = {
      token: body.access_token,
      expiresAt: Date.now() + (body.expires_in ?? 0) * 1000 - EXPIRY_MARGIN_MS,
    };
    return body.access_token;
  }

  async function token(): Promise<string> {
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    // Concurrent calls share one token request.
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  return {
    async call<T>(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string): Promise<T> {
      const headers: Record<string, string> = {
        authorization: `Bearer ${await token()}`,
        accept: 'application/json',
        prefer: 'return=representation',
      };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (requestId) headers['paypal-request-id'] = requestId;
      const response = await send(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status === 401) cached = null;
      if (!response.ok)
        return fail(
          response,
          `${method === 'GET' ? 'read' : 'process'} ${path.split('/').slice(0, 4).join('/')}`,
        );
      return (await response.json()) as T;
    },
  };
}
