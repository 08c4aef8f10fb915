/**
 * When reconciliation (reconcile.ts) runs: once at start-up, before the server listens, then every
 * `intervalMs` while the API runs, so a payment left in doubt meanwhile (a capture whose fulfilment
 * failed after the provider took the money, a provider down at the last run, a lost webhook) is
 * settled within one interval rather than at the next deploy. Rounds never overlap (the next is
 * timed from the end of the last), the timer does not keep the process alive, and stopping waits
 * for a round under way, so the database is never closed under it. With several instances the
 * caller's round takes an advisory lock, as the expiry sweep does: one instance settles each round.
 */

/** RECONCILE_INTERVAL_MS's default: every 5 minutes. */
export const DEFAULT_RECONCILE_INTERVAL_MS = 300_000;
const MIN_INTERVAL_MS = 1_000;
const MAX_INTERVAL_MS = 86_400_000;

/**
 * The period from the `reconcileIntervalMs` option, else RECONCILE_INTERVAL_MS, else 5 minutes;
 * 0 runs it at start-up only. Anything else is refused with the setting's name and its range.
 */
export function reconcileIntervalFrom(option: number | undefined, env: NodeJS.ProcessEnv): number {
  const text = option === undefined ? env.RECONCILE_INTERVAL_MS?.trim() : String(option);
  if (!text) return DEFAULT_RECONCILE_INTERVAL_MS;
  const value = Number(text);
  if (!/^\d+$/.test(text) || (value !== 0 && (value < MIN_INTERVAL_MS || value > MAX_INTERVAL_MS))) {
    const name = option === undefined ? 'RECONCILE_INTERVAL_MS' : 'The reconcileIntervalMs option';
    throw new Error(
      `${name} must be 0 (reconcile payments in doubt at start-up only) or a whole number of milliseconds from ${MIN_INTERVAL_MS} to ${MAX_INTERVAL_MS}; got "${text}".`,
    );
  }
  return value;
}

export interface ReconcileSchedule {
  /** Runs the first round (awaited: the start-up's), then one every interval. */
  start(): Promise<void>;
  /** No more rounds; resolves once a round under way has finished. */
  stop(): Promise<void>;
}

/** `round` must not throw (it logs its own failures); `intervalMs` 0: the start-up round only. */
export function reconcileSchedule(round: () => Promise<void>, intervalMs: number): ReconcileSchedule {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const next = () => {
    if (stopped || intervalMs === 0) return;
    timer = setTimeout(() => {
      running = round().finally(next);
    }, intervalMs);
    timer.unref();
  };
  return {
    async start() {
      running = round();
      await running;
      next();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
