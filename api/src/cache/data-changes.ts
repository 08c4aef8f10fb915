/**
 * Which tables changed, as counters this process keeps: a cached answer remembers the counters of
 * the tables it read, and is good only while none of them moved. Counters move
 * - when the database announces a committed change (the triggers of migration 0002 NOTIFY
 *   `arttoy_data_changed` with the table's name): changes made by any instance, a seed or an
 *   operator, on PostgreSQL through one LISTEN connection per instance, on PGlite in-process;
 * - at once, when this process commits a change itself (`changed()` after the commit), so its own
 *   next answer never waits for the notice to come round;
 * - all together when notices may have been missed (the LISTEN connection lost and back).
 * While notices cannot be heard, `live` is false and nothing is served from or stored in a cache.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/connect';

export const DATA_CHANGED_CHANNEL = 'arttoy_data_changed';

/**
 * The tables whose changes are announced (migration 0002_data_change_notices; orders, whose holds
 * move the boxes on sale, 0008), and `listings`, which no notice announces: this process moves its
 * counter after its own listing writes, so an answer reading listings also needs a `maxAgeMs` (the
 * market's few seconds) for another instance's writes to show.
 */
export const WATCHED_TABLES = [
  'styles',
  'series',
  'figures',
  'box_models',
  'box_model_figures',
  'orders',
  'listings',
] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];

const isWatched = (name: string): name is WatchedTable =>
  (WATCHED_TABLES as readonly string[]).includes(name);

export class DataChanges {
  #counters = new Map<WatchedTable, number>(WATCHED_TABLES.map((table) => [table, 0]));
  #live: boolean;

  constructor(live = true) {
    this.#live = live;
  }

  /** Whether changes are being heard (a cache may serve and store). */
  get live(): boolean {
    return this.#live;
  }

  /** The counters of these tables, in their order. */
  snapshot(tables: readonly WatchedTable[]): number[] {
    return tables.map((table) => this.#counters.get(table) ?? 0);
  }

  /** Whether none of these tables changed since `snapshot` was taken of them. */
  unchangedSince(tables: readonly WatchedTable[], snapshot: readonly number[]): boolean {
    return tables.every((table, index) => this.#counters.get(table) === snapshot[index]);
  }

  /** A change to these tables was committed. */
  changed(...tables: WatchedTable[]): void {
    for (const table of tables) this.#counters.set(table, (this.#counters.get(table) ?? 0) + 1);
  }

  /** Everything may have changed (notices were missed). */
  changedAll(): void {
    this.changed(...WATCHED_TABLES);
  }

  setLive(live: boolean): void {
    // Both ways everything moves: answers stored before a loss may be out of date after it.
    this.changedAll();
    this.#live = live;
  }
}

/** Starts hearing the database's change notices; the returned function stops. */
export async function watchDataChanges(
  database: Database,
  changes: DataChanges,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  changes.setLive(false);
  return database.listen(
    DATA_CHANGED_CHANNEL,
    (table) => {
      if (isWatched(table)) changes.changed(table);
      else changes.changedAll();
    },
    (listening) => {
      if (listening === changes.live) return;
      changes.setLive(listening);
      if (listening) log.info('hearing data change notices again: cached answers start afresh');
      else log.warn('lost the data change notices connection: cached answers are off until it is back');
    },
  );
}
