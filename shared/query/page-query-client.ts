import { QueryClient } from '@tanstack/react-query';
import { authStore } from '@arttoy/shared/stores';
import { FRESH_MS } from './page-read';
import { forgetPersistedAnswers, persistAnswer } from './persisted-reads';

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
 * sign-in reports another account or nobody: no page shows a previous user's answers.
 * Never used on the server, where one process renders many visitors' pages: see usePageQueryClient.
 */
export function pageQueryClient(): QueryClient {
  if (browserClient) return browserClient;
  // Answers no page shows any more are kept five minutes: coming back to a page soon shows it at once.
  const client = newClient(5 * 60_000);
  client.mount();
  // Once sign-in has reported, only the visitor signed in now keeps answers, in the cache and in
  // storage: those of a previous visitor, or kept for one sign-in no longer confirms, go.
  const keepOnly = (uid: string | null) => {
    forgetPersistedAnswers(uid);
    client.removeQueries({ predicate: (query) => query.queryKey[0] === 'user' && query.queryKey[1] !== uid });
  };
  let uid = authStore.getState().user?.uid ?? null;
  if (!authStore.getState().loading) keepOnly(uid);
  authStore.subscribe((state) => {
    const next = state.user?.uid ?? null;
    // While sign-in is unknown, nobody is not a report: only another user is.
    if (state.loading && (next === uid || next === null)) return;
    uid = next;
    keepOnly(next);
  });
  // The answers of reads marked `persist` are kept for the visitor's next visit, once sign-in
  // confirms they are the signed-in visitor's.
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const { query } = event;
    const [scope, owner, key] = query.queryKey as readonly unknown[];
    const { loading, user } = authStore.getState();
    if (query.meta?.persist !== true || scope !== 'user' || typeof key !== 'string') return;
    if (loading || !user || owner !== user.uid) return;
    persistAnswer(user.uid, key, { data: query.state.data, at: query.state.dataUpdatedAt });
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
