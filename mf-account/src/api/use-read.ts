import { useCallback, useEffect, useRef, useState } from 'react';

export type ReadState<T> = { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ready'; data: T };

/**
 * One signed-in read of a page: runs while `enabled`, again when `key` changes or on `refresh`.
 * A refresh keeps the current answer on screen meanwhile; a new key shows loading.
 */
export function useRead<T>(enabled: boolean, key: string, load: (signal: AbortSignal) => Promise<T>) {
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<{ key: string; round: number; state: ReadState<T> } | null>(null);
  // `load` is a new function every render; the key says when the read changes.
  const loader = useRef(load);
  useEffect(() => {
    loader.current = load;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    loader.current(controller.signal).then(
      (data) => !controller.signal.aborted && setResult({ key, round, state: { status: 'ready', data } }),
      (error: unknown) => !controller.signal.aborted && setResult({ key, round, state: { status: 'error', error: error instanceof Error ? error : new Error(String(error)) } }),
    );
    return () => controller.abort();
  }, [enabled, key, round]);
  const refresh = useCallback(() => setRound((value) => value + 1), []);
  let state: ReadState<T> = { status: 'loading' };
  if (result && result.key === key && (result.round === round || result.state.status === 'ready')) state = result.state;
  return { state, refresh };
}
