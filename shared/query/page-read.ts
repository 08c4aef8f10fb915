import type * as z from 'zod';
import { isNotFoundAnswer, MARKET_FRESH_MS } from '@arttoy/shared/contracts';
import type { ApiEndpoint, EndpointAnswer } from '@arttoy/shared/contracts/api';
import {
  API_BASE,
  apiJson,
  apiPath,
  apiRequest,
  withCallOptions,
  type EndpointArgs,
} from '@arttoy/shared/http';

/** What a read's `given` answers for a read the API answered 404 (the page's data holds it as such). */
export const NOT_FOUND = Symbol('not found');

/**
 * How long an answer stands in for a fresh read: the one freshness rule of the site.
 * - `catalogue` (the default): public catalogue and content answers, which change rarely (the API
 *   keeps them in memory too): used as they are for a minute, then shown while read again.
 * - `market`: public answers that change by the second (a figure's asks and sales): the served
 *   page carries them (the API lets them be cached a few seconds, MARKET_FRESH_MS), so they stand
 *   for a fresh read that long, then are read again on every visit and when the tab comes back.
 * - `live`: answers that change by the second or belong to the visitor (the locker, orders): shown
 *   at once when the page has them, and read again on every visit and when the visitor comes back
 *   to the tab.
 */
export type Freshness = 'catalogue' | 'market' | 'live';

export const FRESH_MS: Readonly<Record<Freshness, number>> = {
  catalogue: 60_000,
  market: MARKET_FRESH_MS,
  live: 0,
};

/** Reads the page's server data by API URL (undefined for none); see usePageDataReader. */
export type AnswerOf = (url: string) => unknown;

/**
 * One read a page makes: every app's reads go through one cache per page, keyed by `key`, so two
 * remotes (or a link's read-ahead and the page it opens) asking for the same answer ask once.
 */
export interface PageRead<T> {
  /** The cache key: the API path read (with its query), unique on the page. */
  key: string;
  /** Reads it; `signal` aborts a read nobody waits for any more. */
  load: (signal?: AbortSignal) => Promise<T>;
  /**
   * The answer the server gave this page for it (its payload; during a server render, its data),
   * validated; NOT_FOUND for a 404 it answered; undefined when not given. The page's first render
   * starts from it, on the server and in the browser alike, and does not ask for it again.
   */
  given?: (answerOf: AnswerOf) => T | typeof NOT_FOUND | undefined;
  freshness?: Freshness;
  /**
   * The signed-in user a read belongs to. Such a read is kept under that user alone, and dropped
   * from the page's cache when another user signs in or the visitor signs out.
   */
  user?: string;
  /**
   * A user's read whose last answer is kept in the browser (`persisted-reads.ts`), so a return
   * visit shows it at once, before sign-in is known, while it is read again.
   */
  persist?: boolean;
}

/** A public API read (`/figures?…`, under API_BASE), validated with the API's own schema, with its answer in the page's data. */
export function apiRead<S extends z.ZodType>(
  path: string,
  schema: S,
  freshness?: Freshness,
): PageRead<z.infer<S>> {
  return {
    key: path,
    load: (signal) => apiJson(path, schema, { signal }),
    given: (answerOf) => {
      const answer = answerOf(`${API_BASE}${path}`);
      if (answer === undefined) return undefined;
      return isNotFoundAnswer(answer) ? NOT_FOUND : schema.safeParse(answer).data;
    },
    freshness,
  };
}

/**
 * A read of the signed-in visitor's own (`uid`): kept under that user alone (dropped when another
 * signs in), and live: read again on every visit and when the tab comes back, showing the last
 * answer meanwhile. `key` is the API path read (or the paths of a read of several, joined by ',').
 */
export function userRead<T>(
  uid: string,
  key: string,
  load: (signal?: AbortSignal) => Promise<T>,
): PageRead<T> {
  return { key, load, user: uid, freshness: 'live' };
}

/** A GET endpoint of the API's contract (`endpoints` of @arttoy/shared/contracts/api). */
type ReadEndpoint = ApiEndpoint & { method: 'GET' };

/** apiRead of a GET endpoint of the contract: `endpointRead(endpoints.getStyle, { params: { slug } })`. */
export function endpointRead<E extends ReadEndpoint>(
  endpoint: E,
  ...args: EndpointArgs<E>
): PageRead<EndpointAnswer<E>> {
  return apiRead<E['response']>(apiPath(endpoint, ...args), endpoint.response);
}

/** userRead of a GET endpoint of the contract, sending the ID token `token` gives. */
export function userEndpointRead<E extends ReadEndpoint>(
  uid: string,
  token: () => Promise<string>,
  endpoint: E,
  ...args: EndpointArgs<E>
): PageRead<EndpointAnswer<E>> {
  return userRead(uid, apiPath(endpoint, ...args), async (signal) =>
    apiRequest(endpoint, ...withCallOptions(args, { token: await token(), signal })),
  );
}

/** The cache key of a read: a user's reads under that user, public ones beside them. */
export function queryKeyOf(read: Pick<PageRead<unknown>, 'key' | 'user'>): readonly string[] {
  return read.user === undefined ? ['public', read.key] : ['user', read.user, read.key];
}
