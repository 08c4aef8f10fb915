/**
 * The live feed under load: how many concurrent feed clients one API instance holds with events
 * flowing. For each level of BENCH_FEED_CLIENTS (default 100,1000,5000), that many server-sent event
 * streams are opened on one instance (bench/unlimited-server.ts: no per-IP cap, every client here is
 * 127.0.0.1), then events are committed beside it (as a draw does: recordFeedEvent in a transaction)
 * at BENCH_FEED_RATE a second (default 20) for BENCH_DURATION seconds. Reported per level: clients
 * connected, deliveries a second, the latency from an event's commit to its arrival at each client
 * (p50, p99), deliveries missed, and the server's resident memory with the clients (and per client).
 *
 * PostgreSQL only: events are written beside the server, which the embedded database (one
 * process) does not allow. Part of `npm run bench -w api` (bench/load.ts); alone:
 * `npx tsx bench/feed.ts` (a database of its own beside BENCH_POSTGRES_URL, dropped afterwards).
 */
import fs from 'node:fs';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { figures, users } from '../src/db/schema';
import { recordFeedEvent } from '../src/domain/feed/record';
import { type EventStream, openEventStream } from '../src/test/event-stream';
import { type BenchDatabase, postgresBenchDatabase, serve } from './harness';

const CLIENT_LEVELS = (process.env.BENCH_FEED_CLIENTS ?? '100,1000,5000').split(',').map(Number);
const RATE = Number(process.env.BENCH_FEED_RATE ?? 20);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
if (CLIENT_LEVELS.some((clients) => !Number.isInteger(clients) || clients < 1))
  throw new Error(
    `BENCH_FEED_CLIENTS must be whole numbers ≥ 1 separated by commas, got "${process.env.BENCH_FEED_CLIENTS}".`,
  );
if (!Number.isFinite(RATE) || RATE <= 0 || RATE > 1_000)
  throw new Error(
    `BENCH_FEED_RATE must be events a second, from 1 to 1000, got "${process.env.BENCH_FEED_RATE}".`,
  );

export interface FeedBenchResult {
  scenario: string;
  engine: string;
  clients: number;
  /** Streams the server refused or cut. */
  refused: number;
  eventsPerSecond: number;
  deliveriesPerSecond: number;
  p50: number;
  p99: number;
  /** Deliveries expected (clients × events) that did not arrive. */
  missed: number;
  rssMb: number;
  rssKbPerClient: number;
}

/** The server's resident memory, from /proc (Linux); 0 elsewhere. */
function rssBytes(pid: number | undefined): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function level(
  database: BenchDatabase,
  base: string,
  pid: number | undefined,
  baseline: number,
  clients: number,
): Promise<FeedBenchResult> {
  const db = await database.open();
  const streams: EventStream[] = [];
  try {
    const [user] = await db.db
      .insert(users)
      .values({ firebaseUid: `bench-feed-${randomUUID()}` })
      .returning({ id: users.id });
    const [figure] = await db.db.select({ id: figures.id }).from(figures).limit(1);
    // Opened in groups, as a crowd arrives; each waits for its retry hint (connected, backlog sent).
    for (let opened = 0; opened < clients; opened += 200) {
      const group = await Promise.all(
        Array.from({ length: Math.min(200, clients - opened) }, () =>
          openEventStream(`${base}/api/feed`).catch(() => null),
        ),
      );
      for (const stream of group) if (stream) streams.push(stream);
    }
    const connected = streams.filter((stream) => stream.status === 200);
    await Promise.all(
      connected.map((stream) => stream.until((s) => s.frames.length > 0, 60_000).catch(() => undefined)),
    );
    // An event's clock starts when its transaction is sent (an upper bound of commit → arrival).
    const sentAt = new Map<string, number>();
    const arrivals: { id: string; at: number }[] = [];
    for (const stream of connected) {
      stream.frames.length = 0;
      stream.onFrame = (frame) => {
        if (frame.id !== null) arrivals.push({ id: frame.id, at: performance.now() });
        // Frames are counted, not kept: a long run would otherwise hold them all.
        stream.frames.length = 0;
      };
    }
    const events = Math.max(1, Math.round(RATE * DURATION));
    const started = performance.now();
    for (let index = 0; index < events; index += 1) {
      const sending = performance.now();
      const id = await db.db.transaction((tx) =>
        recordFeedEvent(tx, { kind: 'pull', userId: user!.id, figureId: figure!.id, boxName: 'Bench box' }),
      );
      sentAt.set(String(id), sending);
      await sleep(Math.max(0, started + ((index + 1) * 1_000) / RATE - performance.now()));
    }
    const written = (performance.now() - started) / 1_000;
    // The last events' way to every client.
    const expected = events * connected.length;
    const deadline = performance.now() + 10_000;
    while (arrivals.length < expected && performance.now() < deadline) await sleep(50);
    const during = rssBytes(pid);
    const latencies = arrivals.flatMap(({ id, at }) => (sentAt.has(id) ? [at - sentAt.get(id)!] : []));
    // A loop, not Math.max(...): a million arrivals do not fit in the call stack's arguments.
    const lastArrival = arrivals.reduce((latest, { at }) => (at > latest ? at : latest), started);
    const sorted = latencies.toSorted((a, b) => a - b);
    return {
      scenario: `GET /api/feed, ${RATE} events/s`,
      engine: database.engine,
      clients,
      refused: clients - connected.length + connected.filter((stream) => stream.ended).length,
      eventsPerSecond: Math.round(events / written),
      deliveriesPerSecond: Math.round(latencies.length / ((lastArrival - started) / 1_000)),
      p50: Math.round(percentile(sorted, 50) * 10) / 10,
      p99: Math.round(percentile(sorted, 99) * 10) / 10,
      missed: expected - latencies.length,
      rssMb: Math.round(during / 1024 / 1024),
      rssKbPerClient: connected.length
        ? Math.max(0, Math.round((during - baseline) / 1024 / connected.length))
        : 0,
    };
  } finally {
    for (const stream of streams) stream.close();
    await db.close();
  }
}

/** Every level on one instance of the API over `database`. */
export async function benchFeed(database: BenchDatabase): Promise<FeedBenchResult[]> {
  const served = await serve('bench/unlimited-server.ts', { DATABASE_URL: database.url });
  const results: FeedBenchResult[] = [];
  // The server's memory with no client, its hub started: what each level's clients add to.
  const baseline = rssBytes(served.child.pid);
  try {
    for (const clients of CLIENT_LEVELS) {
      results.push(await level(database, served.base, served.child.pid, baseline, clients));
      // The closed streams leave the server before the next level counts its memory.
      await sleep(500);
    }
  } finally {
    await served.stop();
  }
  return results;
}

export function printFeedResults(results: FeedBenchResult[]): void {
  console.log(
    `\nLive feed: ${DURATION} s of events per level, ${os.cpus().length} CPUs, clients on the same machine`,
  );
  console.table(
    results.map((r) => ({
      scenario: r.scenario,
      engine: r.engine,
      clients: r.clients,
      refused: r.refused,
      'events/s': r.eventsPerSecond,
      'deliveries/s': r.deliveriesPerSecond,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      missed: r.missed,
      'rss MB': r.rssMb,
      'KB/client': r.rssKbPerClient,
    })),
  );
}

// Run alone: `npx tsx bench/feed.ts`.
if (process.argv[1] && import.meta.filename === fs.realpathSync(process.argv[1])) {
  const database = await postgresBenchDatabase();
  try {
    const results = await benchFeed(database);
    printFeedResults(results);
    if (results.some((r) => r.refused > 0 || r.missed > 0)) process.exitCode = 1;
  } finally {
    await database.drop();
  }
}
