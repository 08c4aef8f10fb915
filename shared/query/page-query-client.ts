import { QueryClient } from '@tanstack/react-query';
import { authStore } from '@arttoy/shared/stores';
import { FRESH_MS } from './page-read';

/**
 * Defaults of every read: the HTTP client already retries a failed read once (spec §7), and a
 * page that still fails says so with a retry button, so the cache adds no retries of its own.
 */
function newClient(gcTime: number): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: FRESH_MS.catalogue,
        gcTime,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
      },
    },
  });
}

let browserClient: QueryClient | null = null;

/**
 * The page's one cache in the browser. This module is a shared singleton of the federation scope,
 * so the shell and every remote on a page read through the same client. A user's reads go when
 * the signed-in user changes (another account, or nobody): no page shows a previous user's answers.
 * Never used on the server, where one process renders many visitors' pages: see usePageQueryClient.
 */
export function pageQueryClient(): QueryClient {
  if (browserClient) return browserClient;
  // Answers no page shows any more are kept five minutes: coming back to a page soon shows it at once.
  const client = newClient(5 * 60_000);
  client.mount();
  let uid = authStore.getState().user?.uid ?? null;
  authStore.subscribe((state) => {
    const next = state.user?.uid ?? null;
    if (next === uid) return;
    uid = next;
    client.removeQueries({
      predicate: (query) => query.queryKey[0] === 'user' && query.queryKey[1] !== next,
    });
  });
  browserClient = client;
  return client;
}

/** A cache of its own for one component's reads during a server render: nothing crosses from one request to another. */
export function serverQueryClient(): QueryClient {
  // No collection timer (Infinity): the cache goes with the render that made it, and a timer per
  // read would keep every request's answers in memory for minutes.
  return newClient(Infinity);
}

/** Forgets every read (tests). */
export function clearPageReads(): void {
  browserClient?.clear();
}
