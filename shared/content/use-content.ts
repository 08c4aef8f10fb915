import { useCallback, useEffect, useEffectEvent, useState } from 'react';

/** The state of one content request (spec §4's idle / pending / success / error). */
export type ContentState<T> = { status: 'pending' } | { status: 'success'; data: T } | { status: 'error'; error: Error };

/**
 * Loads data for a page and reloads it when `key` changes (a new path, page or tag). Answers of
 * superseded requests are dropped (their signal is aborted), so a fast click never shows stale data.
 * `ready` gives the data for the current key when it is already at hand (read ahead of the
 * navigation): the page shows it in its first render instead of pending. It must only read, and
 * `load` must then answer with the same data at once (the state keeps what `load` answers).
 */
export function useContent<T>(key: string, load: (signal: AbortSignal) => Promise<T>, ready?: () => T | undefined): ContentState<T> & { retry: () => void } {
  const [answer, setAnswer] = useState<{ key: string; attempt: number; value: ContentState<T> } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const start = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    const controller = new AbortController();
    start(controller.signal).then(
      (data) => !controller.signal.aborted && setAnswer({ key, attempt, value: { status: 'success', data } }),
      (reason: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({ key, attempt, value: { status: 'error', error: reason instanceof Error ? reason : new Error(String(reason)) } });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  // An answer for another key (or an earlier attempt) is not this one's: pending until it comes.
  const own = answer && answer.key === key && answer.attempt === attempt ? answer.value : null;
  const data = own ? undefined : ready?.();
  const current: ContentState<T> = own ?? (data === undefined ? { status: 'pending' } : { status: 'success', data });
  return { ...current, retry };
}
