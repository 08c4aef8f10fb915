/**
 * The live feed of one API instance: its clients, and the events it pushes to them. An event
 * committed by any instance (or a seed, or an operator) is announced on FEED_CHANNEL with its id
 * (domain/feed/record.ts); each instance hears the notice (PostgreSQL: its LISTEN connection;
 * PGlite: in-process), reads the announced rows, serializes each once and writes it to every
 * client. Reading by the ids announced, not by "after the last id seen", keeps an event whose
 * transaction committed after a later one's (ids are taken at insert, commits land in any order).
 * When notices may have been missed (the LISTEN connection lost and back), it catches up by id.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FeedEvent } from '@arttoy/shared/contracts/api';
import type { Database, Db } from '../../db/connect';
import { FeedClient, type FeedFrame } from './client';
import { eventsAfter, eventsByIds, eventsSince, lastEventId } from './read';
import { FEED_CHANNEL } from './record';
import { FEED_BACKLOG, type FeedSettings } from './settings';

/** Events read at once (more are read in further rounds). */
const CATCH_UP_BATCH = 500;
/** Ids of events pushed lately, remembered so that one read twice (a notice and a catch-up) goes out once. */
const PUSHED_REMEMBERED = 2_000;

export const frameOf = (event: FeedEvent): FeedFrame => ({
  id: event.id,
  text: `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`,
});

export type Admission = { client: FeedClient } | { refused: 'per-ip' | 'full' | 'closing' };

export class FeedHub {
  readonly settings: FeedSettings;
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #clients = new Set<FeedClient>();
  readonly #perIp = new Map<string, number>();
  /** Ids announced and not read yet. */
  #announced = new Set<number>();
  /** Notices may have been missed: read everything after #lastId. */
  #catchUp = false;
  /** The highest id read (or existing when the hub started). */
  #lastId = 0;
  #pushed = new Set<number>();
  #reading: Promise<void> | null = null;
  #again = false;
  #closing = false;
  #heartbeat: NodeJS.Timeout | null = null;
  #stopListening: (() => Promise<void>) | null = null;

  constructor(db: Db, settings: FeedSettings, log: FastifyBaseLogger) {
    this.#db = db;
    this.settings = settings;
    this.#log = log;
  }

  /** Clients connected now. */
  get size(): number {
    return this.#clients.size;
  }

  get closing(): boolean {
    return this.#closing;
  }

  /** Starts hearing the notices, then the heartbeat. */
  async start(database: Database): Promise<void> {
    let started = false;
    this.#stopListening = await database.listen(
      FEED_CHANNEL,
      (payload) => this.#announce(payload),
      (listening) => {
        if (!listening) this.#log.warn('lost the live feed notices connection: events wait until it is back');
        else if (started) {
          this.#log.info('hearing live feed notices again: catching up');
          this.#catchUp = true;
          this.#schedule();
        }
      },
    );
    // After LISTEN: an event committed before it existed is in every new client's backlog.
    this.#lastId = Math.max(this.#lastId, await lastEventId(this.#db));
    started = true;
    this.#heartbeat = setInterval(() => {
      for (const client of this.#clients) client.comment(': heartbeat\n\n');
    }, this.settings.heartbeatMs);
    this.#heartbeat.unref();
  }

  /**
   * Admits a client from `ip` unless a cap is reached: `perIpCap` (null: no per-IP cap) and the
   * instance's total. The client receives live frames from now on, held until `attach`.
   */
  admit(ip: string, perIpCap: number | null): Admission {
    if (this.#closing) return { refused: 'closing' };
    if (this.#clients.size >= this.settings.total) return { refused: 'full' };
    const fromIp = this.#perIp.get(ip) ?? 0;
    if (perIpCap !== null && fromIp >= perIpCap) return { refused: 'per-ip' };
    const client = new FeedClient(ip, this.settings.bufferBytes, (closed) => this.#remove(closed));
    this.#clients.add(client);
    this.#perIp.set(ip, fromIp + 1);
    return { client };
  }

  /** What a (re)connecting client is sent first: the retry hint, then the events after `afterId` (the latest FEED_BACKLOG at most). */
  async backlog(afterId: number | null): Promise<{ head: string; sentIds: Set<number> }> {
    const events = await eventsAfter(this.#db, afterId, FEED_BACKLOG);
    // The event it resumes after is the client's already: this instance may hear its notice only now
    // (another instance sent it, or the notice was still on its way), and must not send it again.
    const sentIds = new Set([...(afterId === null ? [] : [afterId]), ...events.map((event) => event.id)]);
    return {
      head: `retry: ${this.settings.retryMs}\n\n${events.map((event) => frameOf(event).text).join('')}`,
      sentIds,
    };
  }

  /** Ends every stream, stops hearing notices and waits for a read under way. */
  async close(): Promise<void> {
    if (this.#closing) return;
    this.#closing = true;
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    for (const client of this.#clients) client.end();
    await this.#stopListening?.();
    await this.#reading;
  }

  #remove(client: FeedClient): void {
    if (!this.#clients.delete(client)) return;
    const left = (this.#perIp.get(client.ip) ?? 1) - 1;
    if (left > 0) this.#perIp.set(client.ip, left);
    else this.#perIp.delete(client.ip);
    if (client.dropped)
      this.#log.info(
        { ip: client.ip, why: client.dropped },
        'live feed client dropped: it resumes by Last-Event-ID',
      );
  }

  #announce(payload: string): void {
    if (/^[1-9]\d{0,15}$/.test(payload)) this.#announced.add(Number(payload));
    // Not an id (an operator's NOTIFY): read whatever is new.
    else this.#catchUp = true;
    this.#schedule();
  }

  /** One read at a time; notices heard meanwhile are read in the next round. */
  #schedule(): void {
    if (this.#closing) return;
    if (this.#reading) {
      this.#again = true;
      return;
    }
    this.#reading = this.#read()
      .catch((error: unknown) =>
        this.#log.warn({ err: error }, 'reading new live feed events failed; the next notice retries'),
      )
      .finally(() => {
        this.#reading = null;
        if (this.#again) {
          this.#again = false;
          this.#schedule();
        }
      });
  }

  async #read(): Promise<void> {
    // At most a batch per read: a burst of notices is read (and written to clients) in rounds.
    const ids = [...this.#announced].slice(0, CATCH_UP_BATCH);
    for (const id of ids) this.#announced.delete(id);
    if (this.#announced.size > 0) this.#again = true;
    const catchUp = this.#catchUp;
    this.#catchUp = false;
    if (this.#clients.size === 0) {
      // Nobody to send them to: a drop's draws must not cost every instance a read each. Only the
      // mark a catch-up reads from moves; a client that comes later reads its backlog from the table.
      this.#lastId = Math.max(this.#lastId, ...ids, catchUp ? await lastEventId(this.#db) : 0);
      return;
    }
    const events = await eventsByIds(this.#db, ids);
    this.#push(events);
    if (!catchUp) return;
    for (;;) {
      const more = await eventsSince(this.#db, this.#lastId, CATCH_UP_BATCH);
      this.#push(more);
      if (more.length < CATCH_UP_BATCH || this.#closing) return;
    }
  }

  #push(events: FeedEvent[]): void {
    const frames: FeedFrame[] = [];
    for (const event of events) {
      this.#lastId = Math.max(this.#lastId, event.id);
      if (this.#pushed.has(event.id)) continue;
      this.#pushed.add(event.id);
      // A Set iterates in insertion order: the first is the oldest.
      if (this.#pushed.size > PUSHED_REMEMBERED) this.#pushed.delete(this.#pushed.values().next().value!);
      frames.push(frameOf(event));
    }
    if (frames.length === 0) return;
    const text = frames.map((frame) => frame.text).join('');
    for (const client of this.#clients) client.send(frames, text);
  }
}
