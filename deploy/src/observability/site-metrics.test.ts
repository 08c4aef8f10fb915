/**
 * The site server's registry: the site's requests and the API's it mounts counted once each, on one
 * registry per app, so several site servers built in one process never collide; and none of it on
 * the public port.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import { DEFAULT_RUNTIME_CONFIG } from '@arttoy/shared/contracts';
import { createSiteServer } from '../site-server';

/** A counter's value for exactly these labels (0 when that series does not exist yet). */
async function valueOf(registry: Registry, name: string, labels: Record<string, string>): Promise<number> {
  const metric = registry.getSingleMetric(name);
  if (!metric) throw new Error(`No metric ${name} on the registry.`);
  const wanted = Object.entries(labels);
  const found = (await metric.get()).values.find(
    (value) =>
      Object.keys(value.labels).length === wanted.length &&
      wanted.every(([key, text]) => String(value.labels[key]) === text),
  );
  return found?.value ?? 0;
}

let tmp: string;
const sites: FastifyInstance[] = [];

const startSite = (metrics: Registry) =>
  createSiteServer({
    origin: tmp,
    config: DEFAULT_RUNTIME_CONFIG,
    api: { databaseUrl: 'memory:', seed: 'if-empty', rateLimits: false, orderSweepIntervalMs: 0 },
    metrics,
  });

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-site-metrics-'));
});
afterAll(async () => {
  await Promise.all(sites.map((site) => site.close()));
  await fs.rm(tmp, { recursive: true, force: true });
});

describe("the site server's metrics", () => {
  it("count the site's and the API's requests once each, per app, on the app's own registry", async () => {
    const first = new Registry();
    const second = new Registry();
    sites.push(await startSite(first), await startSite(second));
    const [one, two] = sites as [FastifyInstance, FastifyInstance];
    expect((await one.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await one.inject({ url: '/api/styles' })).statusCode).toBe(200);
    expect((await two.inject({ url: '/api/styles' })).statusCode).toBe(200);

    const styles = { method: 'GET', route: '/api/styles', status_code: '200' };
    expect(await valueOf(first, 'http_server_requests_total', styles)).toBe(1);
    expect(await valueOf(first, 'http_server_requests_total', { ...styles, route: '/healthz' })).toBe(1);
    expect(await valueOf(second, 'http_server_requests_total', styles)).toBe(1);
    expect(await valueOf(second, 'http_server_requests_total', { ...styles, route: '/healthz' })).toBe(0);
    // The API's own metrics and the renders' share the registry.
    const text = await first.metrics();
    expect(text).toContain('# TYPE api_answer_cache_requests_total counter');
    expect(text).toContain('# TYPE site_server_renders_total counter');
    expect(text).toContain('# TYPE api_orders_total counter');
  }, 240_000);

  it('are not served on the public port', async () => {
    const [site] = sites as [FastifyInstance];
    for (const url of ['/metrics', '/api/metrics']) {
      const answer = await site.inject({ url });
      expect(answer.statusCode).not.toBe(200);
      expect(answer.body).not.toContain('http_server_requests_total');
    }
  });
});
