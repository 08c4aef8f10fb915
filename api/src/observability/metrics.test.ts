/**
 * The API's metrics: a fresh Registry per app, values read after requests through app.inject, as
 * a server that mounts the API registers them (request counts on its root, the API's own through
 * the plugin's `metrics` option). Also their listener: GET /metrics there, and never on the public port.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { apiPlugin } from '../app';
import { signInTestUser, TEST_PROJECT_ID } from '../test/auth-emulator';
import { SETUP_TIMEOUT, TEST_CHANCE_RULES, type TestApi } from '../test/helper';
import { bearer, buyBox, expectStatus, orderBox, seedBoxId } from '../test/purchase';
import { createTestDatabase } from '../test/test-database';
import { API_START_TIMEOUT_MS } from '../server-options';
import { createApiMetrics, registerHttpMetrics, registerProcessMetrics } from './metrics';
import { startMetricsServer } from './metrics-server';

/** The API mounted under /api with its metrics on `registry`, on a test database of its own. */
async function buildMeasuredApi(registry: Registry): Promise<TestApi> {
  const testDatabase = await createTestDatabase();
  const app = Fastify({ logger: false, pluginTimeout: API_START_TIMEOUT_MS });
  registerProcessMetrics(registry);
  registerHttpMetrics(app, registry);
  await app.register(apiPlugin, {
    prefix: '/api',
    database: testDatabase.database,
    rateLimits: false,
    firebaseProjectId: TEST_PROJECT_ID,
    orderSweepIntervalMs: 0,
    reconcilePayments: false,
    chanceRules: TEST_CHANCE_RULES,
    metrics: registry,
  });
  await app.ready();
  return {
    app,
    database: testDatabase.database,
    db: testDatabase.database.db,
    engine: testDatabase.database.engine,
    async close() {
      await app.close();
      await testDatabase.dispose();
    },
  };
}

/** A metric's value for exactly these labels (0 when that series does not exist yet). */
async function valueOf(
  registry: Registry,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const metric = registry.getSingleMetric(name);
  if (!metric) throw new Error(`No metric ${name} on the registry.`);
  const { values } = await metric.get();
  const wanted = Object.entries(labels);
  const found = values.find(
    (value) =>
      Object.keys(value.labels).length === wanted.length &&
      wanted.every(([key, text]) => String(value.labels[key]) === text),
  );
  return found?.value ?? 0;
}

describe('the API metrics', () => {
  let api: TestApi;
  let registry: Registry;
  let app: FastifyInstance;

  beforeAll(async () => {
    registry = new Registry();
    api = await buildMeasuredApi(registry);
    app = api.app;
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('counts requests by route pattern and status code, never by URL, and times them', async () => {
    for (const slug of ['moonlit-forest-moth-lantern', 'moonlit-forest-moth-lantern', 'no-such-figure'])
      await app.inject({ url: `/api/figures/${slug}` });
    await app.inject({ url: '/api/nothing/here/at-all' });
    const route = '/api/figures/:slug';
    expect(
      await valueOf(registry, 'http_server_requests_total', { method: 'GET', route, status_code: '200' }),
    ).toBe(2);
    expect(
      await valueOf(registry, 'http_server_requests_total', { method: 'GET', route, status_code: '404' }),
    ).toBe(1);
    // Under the API's catch-all: its pattern, not the URL asked for.
    expect(
      await valueOf(registry, 'http_server_requests_total', {
        method: 'GET',
        route: '/api/*',
        status_code: '404',
      }),
    ).toBe(1);
    const text = await registry.metrics();
    expect(text).not.toContain('moonlit-forest-moth-lantern');
    expect(text).not.toContain('/api/nothing');
    expect(text).toMatch(
      /^http_server_request_duration_seconds_count\{method="GET",route="\/api\/figures\/:slug",status_code="200"\} 2$/m,
    );
    expect(text).toMatch(
      /^http_server_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/figures\/:slug",status_code="200"\} 2$/m,
    );
  });

  it("counts the answer cache's hits and misses", async () => {
    const hits = await valueOf(registry, 'api_answer_cache_requests_total', { result: 'hit' });
    const misses = await valueOf(registry, 'api_answer_cache_requests_total', { result: 'miss' });
    const url = '/api/figures?series=skate-spirits&pageSize=5';
    expect((await app.inject({ url })).statusCode).toBe(200);
    expect((await app.inject({ url })).statusCode).toBe(200);
    expect((await app.inject({ url })).statusCode).toBe(200);
    expect(await valueOf(registry, 'api_answer_cache_requests_total', { result: 'miss' })).toBe(misses + 1);
    expect(await valueOf(registry, 'api_answer_cache_requests_total', { result: 'hit' })).toBe(hits + 2);
  });

  it('counts orders and payments by outcome, once each', async () => {
    const alice = await signInTestUser('metrics-alice');
    const boxId = await seedBoxId(api, 'skate-spirits-blind-box');
    await buyBox(api, alice, boxId);
    const unpaid = await orderBox(api, alice, boxId);
    expectStatus(
      await app.inject({
        method: 'POST',
        url: `/api/orders/${unpaid.orderSn}/cancel`,
        headers: bearer(alice),
      }),
      200,
    );
    // Cancelled already: refused with a 409, not counted again.
    expectStatus(
      await app.inject({
        method: 'POST',
        url: `/api/orders/${unpaid.orderSn}/cancel`,
        headers: bearer(alice),
      }),
      409,
    );
    expect(await valueOf(registry, 'api_orders_total', { outcome: 'created' })).toBe(2);
    expect(await valueOf(registry, 'api_orders_total', { outcome: 'paid' })).toBe(1);
    expect(await valueOf(registry, 'api_orders_total', { outcome: 'cancelled' })).toBe(1);
    expect(await valueOf(registry, 'api_orders_total', { outcome: 'expired' })).toBe(0);
    expect(await valueOf(registry, 'api_payments_total', { provider: 'sandbox', outcome: 'captured' })).toBe(
      1,
    );
  });

  it('holds the process metrics', async () => {
    const text = await registry.metrics();
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('serves nothing of them on the public port', async () => {
    for (const url of ['/metrics', '/api/metrics']) expect((await app.inject({ url })).statusCode).toBe(404);
  });

  it(
    'lets a second app in the same process count on its own registry',
    async () => {
      const other = new Registry();
      const second = await buildMeasuredApi(other);
      try {
        await second.app.inject({ url: '/api/styles' });
        expect(
          await valueOf(other, 'http_server_requests_total', {
            method: 'GET',
            route: '/api/styles',
            status_code: '200',
          }),
        ).toBe(1);
        expect(
          await valueOf(registry, 'http_server_requests_total', {
            method: 'GET',
            route: '/api/styles',
            status_code: '200',
          }),
        ).toBe(0);
      } finally {
        await second.close();
      }
    },
    SETUP_TIMEOUT,
  );
});

describe('the gauges read on each scrape', () => {
  it('sums the open feed streams and the pools, and stops reading a source when told', async () => {
    const registry = new Registry();
    const metrics = createApiMetrics(registry);
    const hub = { size: 3 };
    const unwatch = metrics.watchFeed(hub);
    const pool = { total: 6, idle: 2, waiting: 4, max: 10 };
    metrics.watchPool(() => pool);
    expect(await valueOf(registry, 'api_feed_streams')).toBe(3);
    hub.size = 5;
    expect(await valueOf(registry, 'api_feed_streams')).toBe(5);
    unwatch();
    expect(await valueOf(registry, 'api_feed_streams')).toBe(0);
    expect(await valueOf(registry, 'db_client_connections', { state: 'used' })).toBe(4);
    expect(await valueOf(registry, 'db_client_connections', { state: 'idle' })).toBe(2);
    expect(await valueOf(registry, 'db_client_connections_pending_requests')).toBe(4);
    expect(await valueOf(registry, 'db_client_connections_max')).toBe(10);
  });
});

describe('the metrics listener', () => {
  it('answers GET /metrics in the text exposition format, and 404 to anything else', async () => {
    const registry = new Registry();
    createApiMetrics(registry).order('created');
    const server = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      metrics: () => registry.metrics(),
      contentType: registry.contentType,
      error: () => undefined,
    });
    try {
      const answer = await fetch(server.url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = await answer.text();
      expect(text).toContain('# TYPE api_orders_total counter');
      expect(text).toMatch(/^api_orders_total\{outcome="created"\} 1$/m);
      expect((await fetch(server.url.replace('/metrics', '/'))).status).toBe(404);
      expect((await fetch(server.url, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
