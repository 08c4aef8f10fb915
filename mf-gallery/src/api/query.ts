/**
 * A small keyed cache of catalogue reads: pages read through `useQuery`, links warm it with
 * `prefetch` (on hover, or the next page), and identical requests in flight are merged. Catalogue
 * data changes rarely (the API caches it for a minute), so an entry is fresh for a minute.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';

const FRESH_MS = 60_000;

export type QueryState<T> =
  | { status: 'pending'; data: undefined; error: undefined }
  | { status: 'success'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: Error };

interface Entry {
  state: QueryState<unknown>;
  promise: Promise<unknown> | null;
  loadedAt: number;
}

const PENDING: QueryState<never> = { status: 'pending', data: undefined, error: undefined };
const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function isFresh(entry: Entry | undefined): boolean {
  return entry !== undefined && (entry.promise !== null || (entry.state.status === 'success' && Date.now() - entry.loadedAt < FRESH_MS));
}

/** Starts (or joins) the read of `key`; resolves to its data, rejects with its error. */
export function fetchQuery<T>(key: string, load: () => Promise<T>): Promise<T> {
  const current = entries.get(key);
  if (current && isFresh(current)) return (current.promise ?? Promise.resolve(current.state.data)) as Promise<T>;
  const entry: Entry = { state: current?.state.status === 'success' ? current.state : PENDING, promise: null, loadedAt: 0 };
  entry.promise = load().then(
    (data) => {
      entries.set(key, { state: { status: 'success', data, error: undefined }, promise: null, loadedAt: Date.now() });
      emit();
      return data;
    },
    (error: unknown) => {
      const failure = error instanceof Error ? error : new Error(String(error));
      entries.set(key, { state: { status: 'error', data: undefined, error: failure }, promise: null, loadedAt: Date.now() });
      emit();
      throw failure;
    },
  );
  entries.set(key, entry);
  emit();
  return entry.promise as Promise<T>;
}

/** Warms the cache for a page the visitor is likely to open next; failures stay quiet until then. */
export function prefetch<T>(key: string, load: () => Promise<T>): void {
  fetchQuery(key, load).catch(() => undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Reads `key` with `load`, re-rendering on its changes. `retry` reads it again after an error.
 * A failed read is not retried by itself: the page says so and offers the retry.
 */
export function useQuery<T>(key: string, load: () => Promise<T>): QueryState<T> & { retry: () => void } {
  const state = useSyncExternalStore(
    subscribe,
    () => (entries.get(key)?.state ?? PENDING) as QueryState<T>,
    () => PENDING as QueryState<T>,
  );
  const loadRef = useRef(load);
  useLayoutEffect(() => {
    loadRef.current = load;
  });
  // A new key reads once; a fresh cached entry (a prefetch, a page seen a moment ago) is used as is.
  useEffect(() => prefetch(key, () => loadRef.current()), [key]);
  const retry = useCallback(() => {
    entries.delete(key);
    prefetch(key, () => loadRef.current());
  }, [key]);
  return { ...state, retry };
}

/** Forgets every entry (tests). */
export function clearQueries(): void {
  entries.clear();
  emit();
}
