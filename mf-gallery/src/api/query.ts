/**
 * A small keyed cache of catalogue reads: pages read through `useQuery`, links warm it with
 * `prefetch` (on hover, or the next page), and identical requests in flight are merged. Catalogue
 * data changes rarely (the API caches it for a minute), so an entry is fresh for a minute.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useGivenOnce } from '@arttoy/shared/federation/page-data';
import { HttpError } from '@arttoy/shared/http';

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

/** What a read's `given` answers for a read the API answered 404 (it is in the page's data as such). */
export const NOT_FOUND = Symbol('not found');

/** The state of a read the server answered for this page: its data, or its 404. */
function servedState<T>(key: string, answer: T | typeof NOT_FOUND | undefined): QueryState<T> | undefined {
  if (answer === undefined) return undefined;
  if (answer === NOT_FOUND) return { status: 'error', data: undefined, error: new HttpError(`Not found: ${key}`, 404, key, 'not_found') };
  return { status: 'success', data: answer, error: undefined };
}

function emit(): void {
  for (const listener of listeners) listener();
}

function isFresh(entry: Entry | undefined, freshMs: number): boolean {
  return entry !== undefined && (entry.promise !== null || (entry.state.status === 'success' && Date.now() - entry.loadedAt < freshMs));
}

/**
 * Starts (or joins) the read of `key`; resolves to its data, rejects with its error. `freshMs`: how
 * long an answer is used as is (0 for the market's reads: they change by the second, so every
 * visit reads again, showing the last answer meanwhile).
 */
export function fetchQuery<T>(key: string, load: () => Promise<T>, freshMs = FRESH_MS): Promise<T> {
  const current = entries.get(key);
  if (current && isFresh(current, freshMs)) return (current.promise ?? Promise.resolve(current.state.data)) as Promise<T>;
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
export function prefetch<T>(key: string, load: () => Promise<T>, freshMs = FRESH_MS): void {
  fetchQuery(key, load, freshMs).catch(() => undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Reads `key` with `load`, re-rendering on its changes. `retry` reads it again after an error.
 * A failed read is not retried by itself: the page says so and offers the retry.
 */
export function useQuery<T>(
  key: string,
  load: () => Promise<T>,
  given?: () => T | typeof NOT_FOUND | undefined,
  freshMs = FRESH_MS,
): QueryState<T> & { retry: () => void; refresh: () => void } {
  // The server's answer for this page (its payload, or during a server render its data): the state
  // of the first render, on the server and in the browser alike, so the hydrated page matches.
  const answer = useGivenOnce(key, given);
  const served = useMemo(() => servedState(key, answer), [key, answer]);
  const state = useSyncExternalStore(
    subscribe,
    () => {
      const entry = entries.get(key);
      return (entry && entry.state.status !== 'pending' ? entry.state : (served ?? entry?.state ?? PENDING)) as QueryState<T>;
    },
    // Never the process-wide cache on the server: it would carry one request's answers into another's page.
    () => (served ?? PENDING) as QueryState<T>,
  );
  const loadRef = useRef(load);
  const servedRef = useRef(served);
  useLayoutEffect(() => {
    loadRef.current = load;
    servedRef.current = served;
  });
  // A new key reads once; a fresh cached entry (a prefetch, a page seen a moment ago) is used as is,
  // and so is the server's answer: the page asks for nothing it was given.
  useEffect(() => {
    const first = servedRef.current;
    if (first && !entries.has(key)) entries.set(key, { state: first, promise: null, loadedAt: Date.now() });
    else prefetch(key, () => loadRef.current(), freshMs);
  }, [key, freshMs]);
  const retry = useCallback(() => {
    entries.delete(key);
    prefetch(key, () => loadRef.current());
  }, [key]);
  /** Reads again, keeping the answer on screen meanwhile (after an action that changed it). */
  const refresh = useCallback(() => prefetch(key, () => loadRef.current(), 0), [key]);
  return { ...state, retry, refresh };
}

/** Forgets every entry (tests). */
export function clearQueries(): void {
  entries.clear();
  emit();
}
