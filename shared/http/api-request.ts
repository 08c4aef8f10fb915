/**
 * Calls of the API typed by its contract (`endpoints` of @arttoy/shared/contracts/api): the path,
 * method and schemas come from the table the API's routes are checked against, so no client writes
 * a path or an answer's type by hand. Built on apiJson: the one HTTP client's retries, timeout and
 * errors, and the answer validated with the endpoint's schema.
 */
import type { ApiEndpoint, EndpointAnswer, EndpointInput } from '@arttoy/shared/contracts/api';
import { apiJson } from './api-json';

/** Who asks, and when to stop waiting. */
export interface ApiCallOptions {
  /** A Firebase ID token, sent as `Authorization: Bearer <token>` (routes that need a signed-in user). */
  token?: string | null;
  signal?: AbortSignal;
}

/** The input of a call of `E`: optional when `E` has no path parameter, body or header to send. */
export type EndpointArgs<E extends ApiEndpoint, Extra = unknown> =
  {} extends EndpointInput<E> ? [input?: EndpointInput<E> & Extra] : [input: EndpointInput<E> & Extra];

type LooseInput = {
  params?: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, unknown>>;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
};

/**
 * The path of a call (under API_BASE) with its parameters filled in and its query string, the
 * query's defined values in the order given: `/orders/AT…/cancel`, `/figures?style=x&page=2`.
 * It is also the cache key of a read of it.
 */
export function apiPath<E extends ApiEndpoint>(endpoint: E, ...[input]: EndpointArgs<E>): string {
  const { params = {}, query = {} } = (input ?? {}) as LooseInput;
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name])),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** A call's input with `options` added: for functions that take an endpoint's input and call it. */
export function withCallOptions<E extends ApiEndpoint>(
  args: EndpointArgs<E>,
  options: ApiCallOptions,
): EndpointArgs<E, ApiCallOptions> {
  return [{ ...args[0], ...options }] as EndpointArgs<E, ApiCallOptions>;
}

/** Calls `endpoint` and answers its validated answer; rejects with an HttpError. */
export function apiRequest<E extends ApiEndpoint>(
  endpoint: E,
  ...[input]: EndpointArgs<E, ApiCallOptions>
): Promise<EndpointAnswer<E>> {
  const { body, headers, token, signal } = (input ?? {}) as LooseInput & ApiCallOptions;
  return apiJson<E['response']>(apiPath(endpoint, ...([input] as EndpointArgs<E>)), endpoint.response, {
    ...(endpoint.method === 'GET' ? {} : { method: endpoint.method }),
    ...(body === undefined ? {} : { body }),
    ...(headers === undefined ? {} : { headers }),
    ...(token === undefined ? {} : { token }),
    signal,
  });
}
