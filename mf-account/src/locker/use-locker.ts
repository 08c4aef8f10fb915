import { useCallback, useEffect, useState } from 'react';
import { loadLocker, type LockerData } from '../api/locker';

export type LockerState = { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ready'; data: LockerData };

/**
 * The locker's items and ship requests, read together (statuses of both change with every
 * ship-out). `refresh` reads them again and keeps the current ones on screen meanwhile.
 */
export function useLocker(enabled: boolean) {
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<{ round: number; state: LockerState } | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    loadLocker(controller.signal).then(
      (data) => !controller.signal.aborted && setResult({ round, state: { status: 'ready', data } }),
      (error: unknown) => !controller.signal.aborted && setResult({ round, state: { status: 'error', error: error instanceof Error ? error : new Error(String(error)) } }),
    );
    return () => controller.abort();
  }, [enabled, round]);
  const refresh = useCallback(() => setRound((value) => value + 1), []);
  let state: LockerState = { status: 'loading' };
  if (result && (result.round === round || result.state.status === 'ready')) state = result.state;
  return { state, refresh };
}
