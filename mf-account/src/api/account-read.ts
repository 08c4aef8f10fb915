import { usePageQuery, type PageQuery, type PageRead } from '@arttoy/shared/query';
import { useAuthStore } from '@arttoy/shared/stores';

/**
 * A read of the signed-in visitor's own (`uid`), through the page's one cache: kept under that
 * user alone (dropped when another signs in), and read again on every visit and when the tab
 * comes back, showing the last answer meanwhile. `key` is the API path read, or the paths of a
 * read of several joined by ',': one key, one shape of answer, whichever app reads it.
 */
export function accountRead<T>(uid: string, key: string, load: (signal?: AbortSignal) => Promise<T>): PageRead<T> {
  return { key, load, user: uid, freshness: 'live' };
}

/** Reads `readOf` for the visitor signed in now; nothing while nobody is, or while `enabled` is false. */
export function useAccountQuery<T>(readOf: (uid: string) => PageRead<T>, enabled = true): PageQuery<T> {
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  return usePageQuery(enabled && uid !== null ? readOf(uid) : null);
}
