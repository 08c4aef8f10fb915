/**
 * The API's metrics in the Prometheus format (prom-client), on a Registry its server owns: never
 * the global one, so several apps built in one process (tests) each count their own. Names follow
 * Prometheus's conventions (base units, `_total` counters) and labels stay few: a route's pattern,
 * never its URL. The server that mounts the API serves them on a listener of their own
 * (metrics-server.ts), never on the public port. docs/architecture/observability.md lists them.
 */
import type { FastifyInstance } from 'fastify';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  type GaugeConfiguration,
  Histogram,
  type Registry,
} from 'prom-client';
import type { CommerceOutcomes, OrderOutcome, PaymentOutcome } from '../domain/outcomes';

/** Request latencies, in seconds: a cached read is well under a millisecond, a payment up to seconds. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A request no route matched: its URL is the client's to choose, so it is never a label. */
const UNMATCHED = 'unmatched';

/**
 * Counts every request a fastify server answers, by method, route pattern and status code, and
 * times it. Registered on the server's root, once: the site server's hooks cover the API it mounts.
 */
export function registerHttpMetrics(fastify: FastifyInstance, registry: Registry): void {
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_server_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status code.',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      // The not-found handler's pattern (`/api/*`) would hide that nothing matched.
      route: request.is404 ? UNMATCHED : (request.routeOptions.url ?? UNMATCHED),
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1_000);
    done();
  });
}

/** The process's own metrics (CPU, memory, event loop lag, GC, handles), once per registry. */
export function registerProcessMetrics(registry: Registry): void {
  collectDefaultMetrics({ register: registry });
}

/** A connection pool's counts now (pg's Pool: totalCount, idleCount, waitingCount; options.max). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface ApiMetrics extends CommerceOutcomes {
  /** A cached read answered from memory (hit) or read from the database (miss). */
  answerCache(result: 'hit' | 'miss'): void;
  /** Reads `size` on each scrape (the live feed's open streams); the returned function stops it. */
  watchFeed(hub: { readonly size: number }): () => void;
  /** Reads the pool's counts on each scrape; the returned function stops it. */
  watchPool(stats: () => PoolStats): () => void;
}

/** When metrics are off: every call does nothing. */
export const NO_API_METRICS: ApiMetrics = {
  answerCache: () => undefined,
  watchFeed: () => () => undefined,
  watchPool: () => () => undefined,
  order: () => undefined,
  payment: () => undefined,
};

/** Sources read on each scrape, summed. */
function watched<T>(): { add(source: T): () => void; each(): Iterable<T> } {
  const sources = new Set<T>();
  return {
    add(source) {
      sources.add(source);
      return () => void sources.delete(source);
    },
    each: () => sources,
  };
}

/** The API's own metrics on `registry`; the request counts are registerHttpMetrics'. */
export function createApiMetrics(registry: Registry): ApiMetrics {
  const registers = [registry];
  const cache = new Counter({
    name: 'api_answer_cache_requests_total',
    help: 'Cached catalogue and content reads, by result: hit (answered from memory) or miss (read from the database).',
    labelNames: ['result'] as const,
    registers,
  });
  const orders = new Counter({
    name: 'api_orders_total',
    help: 'Orders by outcome: created, paid (fulfilled), refused (refunded or not accepted after capture), cancelled, expired.',
    labelNames: ['outcome'] as const,
    registers,
  });
  const payments = new Counter({
    name: 'api_payments_total',
    help: 'Payments settled, by provider and outcome: captured, refused (the capture did not match or was refunded), declined (by the provider).',
    labelNames: ['provider', 'outcome'] as const,
    registers,
  });
  // Every label value starts at zero: a rate over an outcome that has not happened yet is 0, not absent.
  for (const result of ['hit', 'miss']) cache.inc({ result }, 0);
  for (const outcome of ['created', 'paid', 'refused', 'cancelled', 'expired'] satisfies OrderOutcome[])
    orders.inc({ outcome }, 0);

  /** A gauge read on each scrape. */
  const scraped = (config: GaugeConfiguration<string>) =>
    registry.registerMetric(new Gauge({ ...config, registers: [] }));

  const feeds = watched<{ readonly size: number }>();
  scraped({
    name: 'api_feed_streams',
    help: 'Live feed streams (server-sent events) open now.',
    collect() {
      let open = 0;
      for (const hub of feeds.each()) open += hub.size;
      this.set(open);
    },
  });

  const pools = watched<() => PoolStats>();
  const sum = (key: keyof PoolStats) => {
    let total = 0;
    for (const stats of pools.each()) total += stats()[key];
    return total;
  };
  scraped({
    name: 'db_client_connections',
    help: 'Database connections of the pool, by state: used (lent to a query) or idle.',
    labelNames: ['state'],
    collect() {
      const total = sum('total');
      const idle = sum('idle');
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'used' }, total - idle);
    },
  });
  scraped({
    name: 'db_client_connections_max',
    help: 'The most connections the pool opens.',
    collect() {
      this.set(sum('max'));
    },
  });
  scraped({
    name: 'db_client_connections_pending_requests',
    help: 'Queries waiting for a connection of the pool now.',
    collect() {
      this.set(sum('waiting'));
    },
  });

  return {
    answerCache: (result) => cache.inc({ result }),
    watchFeed: (hub) => feeds.add(hub),
    watchPool: (stats) => pools.add(stats),
    order: (outcome: OrderOutcome, count = 1) => {
      if (count > 0) orders.inc({ outcome }, count);
    },
    payment: (provider: string, outcome: PaymentOutcome) => payments.inc({ provider, outcome }),
  };
}
