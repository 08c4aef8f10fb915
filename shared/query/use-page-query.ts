import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useGivenOnce, usePageDataReader, useServerRender } from '@arttoy/shared/federation/page-data';
import { HttpError } from '@arttoy/shared/http';
import { pageQueryClient, serverQueryClient } from './page-query-client';
import { FRESH_MS, NOT_FOUND, queryKeyOf, type PageRead } from './page-read';
import { persistedAnswer } from './persisted-reads';

/** A read's state as a page shows it. A read that failed shows its error (not an older answer). */
export type PageQuery<T> = (
  | { status: 'pending'; data: undefined; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: undefined; error: Error }
) & {
  /** A read is under way (the first, or a refresh while the answer stays on screen). */
  fetching: boolean;
  /** After an error: forgets it and reads again, showing pending meanwhile. */
  retry: () => void;
  /** Reads again, keeping the answer on screen meanwhile (after an action that changed it). */
  refresh: () => void;
  /** Puts an answer the page got another way (a POST's) in the cache, as if read now. */
  replace: (data: T) => void;
};

/**
 * The browser's page-wide cache; during a server render, a cache of this component's own: one
 * process renders many visitors' pages, and no answer may cross from one request to another.
 */
function usePageQueryClient(): QueryClient {
  const server = useServerRender();
  const [own] = useState(() => (server ? serverQueryClient() : null));
  return own ?? pageQueryClient();
}

/**
 * Reads `read` (nothing while it is null: a signed-in read before sign-in is known), re-rendering
 * as its answer changes. The page's server data is the first answer: the server's render and the
 * browser's hydrating render show the same state, and the browser does not ask again for what it
 * was given. A read marked `persist` starts from its user's kept answer, counted as old, so it is
 * read again as soon as it may. `enabled: false` holds the read back (while sign-in is unknown),
 * showing what the page already has. A failed read is not retried by itself: the page says so and
 * offers `retry`.
 */
export function usePageQuery<T>(
  read: PageRead<T> | null,
  { enabled = true }: { enabled?: boolean } = {},
): PageQuery<T> {
  const client = usePageQueryClient();
  const answerOf = usePageDataReader();
  const hash = read ? JSON.stringify(queryKeyOf(read)) : null;
  const key = useMemo(() => (hash === null ? null : (JSON.parse(hash) as string[])), [hash]);
  const served = useGivenOnce(hash, read?.given ? () => read.given?.(answerOf) : undefined);
  // A 404 the server answered is the first state; `retry` reads it again.
  const [retriedNotFound, setRetriedNotFound] = useState<string | null>(null);
  const notFound = served === NOT_FOUND && retriedNotFound !== hash;

  // The server's answer is the first answer of a read the cache has never held (TanStack's
  // initialData, so the first render shows it); over an older answer, it replaces it before the
  // page paints, once. Either way it counts as read now, so it is not asked for again.
  const given = served !== undefined && served !== NOT_FOUND ? served : undefined;
  const seeded = useRef<unknown>(undefined);
  useLayoutEffect(() => {
    if (!key || given === undefined || seeded.current === given) return;
    seeded.current = given;
    if (client.getQueryData(key) !== given) client.setQueryData(key, given);
  }, [client, key, given]);

  const persist = read?.persist === true && read.user !== undefined;
  const kept = useMemo(
    () => (persist && key ? persistedAnswer(key[1] as string, key[2] as string) : undefined),
    [persist, key],
  );

  const freshness = read?.freshness ?? 'catalogue';
  const result = useQuery(
    {
      queryKey: key ?? ['none'],
      queryFn: ({ signal }) => (read as PageRead<T>).load(signal),
      enabled: enabled && key !== null && !notFound,
      initialData: given ?? (kept?.data as T | undefined),
      initialDataUpdatedAt: given === undefined ? kept?.at : undefined,
      staleTime: FRESH_MS[freshness],
      refetchOnWindowFocus: freshness !== 'catalogue',
      meta: persist ? { persist: true } : undefined,
    },
    client,
  );

  const retry = useCallback(() => {
    if (!key) return;
    setRetriedNotFound(hash);
    void client.resetQueries({ queryKey: key, exact: true });
  }, [client, key, hash]);
  const refresh = useCallback(() => {
    if (key) void client.refetchQueries({ queryKey: key, exact: true });
  }, [client, key]);
  const replace = useCallback(
    (data: T) => {
      if (key) client.setQueryData(key, data);
    },
    [client, key],
  );
  const actions = { fetching: result.isFetching, retry, refresh, replace };

  if (notFound)
    return {
      status: 'error',
      data: undefined,
      error: new HttpError(`Not found: ${read?.key}`, 404, read?.key ?? '', 'not_found'),
      ...actions,
      fetching: false,
    };
  if (result.status === 'error') return { status: 'error', data: undefined, error: result.error, ...actions };
  if (result.status === 'success') return { status: 'success', data: result.data, error: null, ...actions };
  return { status: 'pending', data: undefined, error: null, ...actions };
}
