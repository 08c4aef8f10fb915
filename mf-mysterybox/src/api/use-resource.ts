import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useGivenOnce } from '@arttoy/shared/federation/page-data';

export type Resource<T> = { status: 'idle' } | { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ready'; data: T };

const IDLE = { status: 'idle' } as const;
const LOADING = { status: 'loading' } as const;

/**
 * Loads `load` whenever `key` changes (nothing while `key` is null), cancelling the previous
 * request. `reload` runs it again, keeping the data on screen meanwhile; `replace` swaps in data
 * the page got another way (a POST's answer).
 */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, given?: () => T | undefined) {
  const [round, setRound] = useState(0);
  const [settled, setSettled] = useState<{ id: string; key: string; result: Resource<T> } | null>(null);
  const id = key === null ? null : `${key}#${round}`;
  // The server's answer (the page's payload; during a server render, its data): ready from the
  // first render, on the server and in the browser alike, and not asked for again until a reload.
  const served = useGivenOnce(key, given);
  const run = useEffectEvent((signal: AbortSignal) => load(signal));
  const isServed = useEffectEvent(() => served !== undefined);
  useEffect(() => {
    if (id === null || key === null) return undefined;
    if (id.endsWith('#0') && isServed()) return undefined;
    const controller = new AbortController();
    const settle = (result: Resource<T>) => {
      if (!controller.signal.aborted) setSettled({ id, key, result });
    };
    run(controller.signal).then(
      (data) => settle({ status: 'ready', data }),
      (error: unknown) => settle({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => controller.abort();
  }, [id, key]);
  let state: Resource<T> = LOADING;
  if (key === null) state = IDLE;
  else if (settled?.id === id) state = settled.result;
  else if (settled?.key === key && settled.result.status === 'ready') state = settled.result;
  else if (served !== undefined) state = { status: 'ready', data: served };
  const reload = useCallback(() => setRound((value) => value + 1), []);
  const replace = useCallback((data: T) => {
    if (id !== null && key !== null) setSettled({ id, key, result: { status: 'ready', data } });
  }, [id, key]);
  return { state, reload, replace };
}
