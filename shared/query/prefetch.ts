import { pageQueryClient } from './page-query-client';
import { FRESH_MS, queryKeyOf, type PageRead } from './page-read';

const IS_SERVER = typeof document === 'undefined';

function options<T>(read: PageRead<T>) {
  return {
    queryKey: queryKeyOf(read),
    queryFn: ({ signal }: { signal: AbortSignal }) => read.load(signal),
    staleTime: FRESH_MS[read.freshness ?? 'catalogue'],
  };
}

/**
 * Reads ahead of a navigation (a link in view or pointed at, the next page of a list): the page
 * that opens shows the answer in its first render. A fresh answer, or a read under way, is used as
 * it is. Resolves whether the answer is there; never rejects (the page's own read reports a failure).
 * Does nothing on the server.
 */
export async function prefetchPageRead<T>(read: PageRead<T>): Promise<boolean> {
  if (IS_SERVER) return false;
  const client = pageQueryClient();
  await client.prefetchQuery(options(read));
  return client.getQueryState(queryKeyOf(read))?.status === 'success';
}

/** Reads `read` through the page's cache (a fresh answer as it is, a read under way joined); rejects with its error. */
export function fetchPageRead<T>(read: PageRead<T>): Promise<T> {
  return pageQueryClient().fetchQuery(options(read));
}

/** The answer the page's cache holds for `read`, fresh or not; undefined when it holds none. */
export function cachedPageRead<T>(read: PageRead<T>): T | undefined {
  return IS_SERVER ? undefined : pageQueryClient().getQueryData<T>(queryKeyOf(read));
}

/**
 * Marks reads as out of date after an action that changed them (a listing made, an order paid):
 * those on screen are read again, the others when next shown. `key` narrows it to the reads whose
 * key starts with it.
 */
export function invalidatePageReads(key?: string): void {
  if (IS_SERVER) return;
  void pageQueryClient().invalidateQueries({
    predicate: (query) => key === undefined || String(query.queryKey.at(-1)).startsWith(key),
  });
}
