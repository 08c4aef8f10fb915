import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser believes it is online; re-renders on the `online` and `offline` events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.navigator.onLine,
    () => true,
  );
}

/** Calls `listener` once the connection is back. Returns the unsubscribe function. */
export function onceOnline(listener: () => void): () => void {
  const handler = (): void => listener();
  window.addEventListener('online', handler, { once: true });
  return () => window.removeEventListener('online', handler);
}
