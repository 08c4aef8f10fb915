import { usePageQuery, type PageQuery, type PageRead } from '@arttoy/shared/query';
import { useAuthStore } from '@arttoy/shared/stores';

/** Reads `readOf` for the visitor signed in now; nothing while nobody is, or while `enabled` is false. */
export function useAccountQuery<T>(readOf: (uid: string) => PageRead<T>, enabled = true): PageQuery<T> {
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  return usePageQuery(enabled && uid !== null ? readOf(uid) : null);
}
