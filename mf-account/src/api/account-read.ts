import { useState } from 'react';
import { rememberedUser, usePageQuery, type PageQuery, type PageRead } from '@arttoy/shared/query';
import { useAuthStore } from '@arttoy/shared/stores';

/**
 * Reads `readOf` for the visitor signed in now; nothing while nobody is, or while `enabled` is false.
 * While sign-in is still unknown, a read marked `persist` shows the answer kept for the visitor
 * this browser last signed in (at once, on a return visit), and is read again once sign-in
 * confirms them; another visitor or nobody drops it.
 */
export function useAccountQuery<T>(readOf: (uid: string) => PageRead<T>, enabled = true): PageQuery<T> {
  const uid = useAuthStore((state) => state.user?.uid ?? null);
  const authLoading = useAuthStore((state) => state.loading);
  const [remembered] = useState(() => (authLoading ? rememberedUser() : null));
  const owner = uid ?? (authLoading ? remembered : null);
  const read = enabled && owner !== null ? readOf(owner) : null;
  return usePageQuery(read && (uid !== null || read.persist) ? read : null, { enabled: !authLoading });
}
