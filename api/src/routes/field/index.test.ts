import { eq } from 'drizzle-orm';
import { Registry } from 'prom-client';
import type { FieldHealth, FieldReport } from '@arttoy/shared/contracts/api';
import { fieldCounts, fieldVitals } from '../../db/schema';
import { fieldStore, MINUTE_MS, minuteOf } from '../../domain/field/counts';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';

const STABLE = 'a1b2c3d4e5f6';
const CANARY = 'f6e5d4c3b2a1';
const report = (overrides: Partial<FieldReport> = {}): FieldReport => ({
  route: '/rules/privacy_policy',
  build: 'build-000001',
  versions: { shell: 's1e2l3l4', mf_rules: STABLE },
  views: 1,
  errors: [],
  ...overrides,
});

describe('field data: POST /api/field and GET /api/field/health', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await buildTestApi({
      orderSweepIntervalMs: 0,
      reconcilePayments: false,
      fieldRetentionMs: 10 * MINUTE_MS,
    });
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  const send = (payload: unknown) =>
    api.app.inject({ method: 'POST', url: '/api/field', payload: payload as object });
  const health = async (app: string, since: number): Promise<FieldHealth> => {
    const response = await api.app.inject({
      method: 'GET',
      url: `/api/field/health?app=${app}&since=${since}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<FieldHealth>();
  };

  it('counts page views and errors per version of each app on the page', async () => {
    const since = Date.now();
    expect((await send(report({ views: 3 }))).statusCode).toBe(202);
    const canary = report({
      versions: { shell: 's1e2l3l4', mf_rules: CANARY },
      views: 2,
      errors: [
        { app: 'mf_rules', version: CANARY, kind: 'remote', message: 'Cannot read properties of undefined' },
        { app: 'mf_rules', version: CANARY, kind: 'uncaught', message: 'boom' },
      ],
    });
    const answer = await send(canary);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ views: 2, errors: 2, vitals: 0 });
    expect((await send(canary)).statusCode).toBe(202);

    expect((await health('mf_rules', since)).versions).toEqual({
      [STABLE]: { views: 3, errors: 0 },
      [CANARY]: { views: 4, errors: 4 },
    });
    // The shell was on every one of those pages, in one version.
    expect((await health('shell', since)).versions).toEqual({ s1e2l3l4: { views: 7, errors: 0 } });
    expect((await health('mf_gallery', since)).versions).toEqual({});
  });

  it("keeps each version's vitals as histograms and answers their count, p75 and share good", async () => {
    const since = Date.now();
    const lcp = (version: string, value: number, ttfb?: number) =>
      send(
        report({
          route: '/gallery/series/:style',
          versions: { shell: 's1e2l3l4', mf_gallery: version },
          views: 0,
          vitals: [
            { name: 'LCP', value, phase: 'render-delay', target: 'img' },
            ...(ttfb === undefined
              ? []
              : [{ name: 'TTFB' as const, value: ttfb, phase: 'waiting' as const }]),
          ],
        }),
      );
    // Stable: four page loads between 1 and 1.25 s. Canary: one fast, three between 4 and 5 s.
    for (const value of [1100, 1200, 1150, 1240])
      expect((await lcp('gal0001', value, 300)).statusCode).toBe(202);
    for (const value of [900, 4100, 4500, 4900]) expect((await lcp('gal0002', value)).statusCode).toBe(202);
    const versions = (await health('mf_gallery', since)).versions;
    expect(versions.gal0001).toEqual({
      views: 0,
      errors: 0,
      vitals: {
        LCP: { count: 4, p75: 1188, good: 1 },
        TTFB: { count: 4, p75: 275, good: 1 },
      },
    });
    expect(versions.gal0002!.vitals).toEqual({ LCP: { count: 4, p75: 4667, good: 0.25 } });
    // Per route in the table: one row per minute, version, route, metric and bucket.
    const rows = await api.db.select().from(fieldVitals).where(eq(fieldVitals.version, 'gal0001'));
    expect(rows.map(({ route, metric, bucket, count }) => ({ route, metric, bucket, count }))).toEqual(
      expect.arrayContaining([
        { route: '/gallery/series/:style', metric: 'LCP', bucket: 4, count: 4 },
        { route: '/gallery/series/:style', metric: 'TTFB', bucket: 4, count: 4 },
      ]),
    );
    // The shell was on those pages too: its vitals count all eight.
    expect((await health('shell', since)).versions.s1e2l3l4!.vitals!.LCP!.count).toBe(8);
  });

  it('answers from the minute `since` falls in, not before', async () => {
    const old = new Date(minuteOf(Date.now()) - 3 * MINUTE_MS);
    await api.db
      .insert(fieldCounts)
      .values({ minute: old, app: 'mf_blog', version: 'b0b0b0', kind: 'view', count: 5 });
    expect((await health('mf_blog', old.getTime())).versions).toEqual({ b0b0b0: { views: 5, errors: 0 } });
    expect((await health('mf_blog', old.getTime() + MINUTE_MS)).versions).toEqual({});
  });

  it('deletes counts older than the window it keeps', async () => {
    const expired = new Date(minuteOf(Date.now()) - 11 * MINUTE_MS);
    await api.db
      .insert(fieldCounts)
      .values({ minute: expired, app: 'mf_account', version: 'old0001', kind: 'view', count: 9 });
    // Never answered, even before the clean-up runs.
    await api.db.insert(fieldVitals).values({
      minute: expired,
      app: 'mf_account',
      version: 'old0001',
      route: '/orders',
      metric: 'LCP',
      bucket: 3,
      count: 2,
    });
    expect((await health('mf_account', 0)).versions).toEqual({});
    // A store of its own: the API's has cleaned up in this minute already (it does so once a minute).
    await fieldStore(api.db, 10 * MINUTE_MS).record(
      report({ versions: { mf_account: 'new0001' } }),
      Date.now(),
    );
    const left = await api.db.select().from(fieldCounts).where(eq(fieldCounts.app, 'mf_account'));
    expect(left.map((row) => row.version)).toEqual(['new0001']);
    expect(await api.db.select().from(fieldVitals).where(eq(fieldVitals.app, 'mf_account'))).toEqual([]);
  });

  it.each([
    [
      'an error of a version the page does not run',
      { errors: [{ app: 'mf_rules', version: CANARY, kind: 'remote', message: 'x' }] },
      'body.errors.0.version',
    ],
    ['no app versions', { versions: {} }, 'body.versions'],
    ['an unknown app', { versions: { mf_nope: STABLE } }, 'body.versions'],
    ['a visited path with a query', { route: '/rules/terms?email=a@b.c' }, 'body.route'],
    [
      'a message past 200 characters',
      { errors: [{ app: 'mf_rules', version: STABLE, kind: 'remote', message: 'x'.repeat(201) }] },
      'body.errors.0.message',
    ],
    [
      'an unknown kind of error',
      { errors: [{ app: 'mf_rules', version: STABLE, kind: 'other', message: 'x' }] },
      'body.errors.0.kind',
    ],
    ['negative views', { views: -1 }, 'body.views'],
    ['a route not in the route table', { route: '/rules/:page' }, 'body.route'],
    ['an unknown metric', { vitals: [{ name: 'FID', value: 10 }] }, 'body.vitals.0.name'],
    ['an LCP past a minute', { vitals: [{ name: 'LCP', value: 60_001 }] }, 'body.vitals.0.value'],
    ['a negative TTFB', { vitals: [{ name: 'TTFB', value: -1 }] }, 'body.vitals.0.value'],
    ['a CLS past 10', { vitals: [{ name: 'CLS', value: 11 }] }, 'body.vitals.0.value'],
    [
      'a phase of another metric',
      { vitals: [{ name: 'INP', value: 80, phase: 'dns' }] },
      'body.vitals.0.phase',
    ],
    [
      'a selector for a target',
      { vitals: [{ name: 'INP', value: 80, target: 'button#order-AT1234' }] },
      'body.vitals.0.target',
    ],
    [
      'a metric twice',
      {
        vitals: [
          { name: 'LCP', value: 800 },
          { name: 'LCP', value: 900 },
        ],
      },
      'body.vitals.1.name',
    ],
    [
      'more vitals than a page load has',
      { vitals: ['LCP', 'INP', 'CLS', 'TTFB', 'LCP'].map((name) => ({ name, value: 0 })) },
      'body.vitals',
    ],
  ])('refuses %s with a 400 naming the field, counting nothing', async (_case, overrides, field) => {
    const before = await health('mf_rules', 0);
    const response = await send({ ...report(), ...overrides });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: { code: string; details: { issues: { field: string }[] } } }>();
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.details.issues.map((issue) => issue.field)).toContain(field);
    expect(await health('mf_rules', 0)).toEqual(before);
  });

  it('refuses a body far past a beacon with a 413', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/field',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...report(), padding: 'x'.repeat(20_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('payload_too_large');
  });

  it('refuses a health read without an app or a moment', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/field/health?app=mf_rules' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('query.since');
  });
});

describe('field beacons are rate-limited per client', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await buildTestApi({
      orderSweepIntervalMs: 0,
      reconcilePayments: false,
      rateLimits: { field: { max: 2, timeWindow: 60_000 } },
    });
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('answers 429 past the field policy, for that client only', async () => {
    const send = (ip: string) =>
      api.app.inject({ method: 'POST', url: '/api/field', payload: report(), remoteAddress: ip });
    expect((await send('10.0.0.1')).statusCode).toBe(202);
    expect((await send('10.0.0.1')).statusCode).toBe(202);
    const refused = await send('10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('rate_limited');
    expect((await send('10.0.0.2')).statusCode).toBe(202);
  });
});

describe('field beacons counted in Prometheus metrics', () => {
  let api: TestApi;
  const registry = new Registry();
  beforeAll(async () => {
    api = await buildTestApi({
      orderSweepIntervalMs: 0,
      reconcilePayments: false,
      metrics: registry,
    });
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('counts beacons, views and errors per app version and the vitals in histograms', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/field',
      payload: report({
        views: 2,
        errors: [{ app: 'mf_rules', version: STABLE, kind: 'uncaught', message: 'boom' }],
        vitals: [
          { name: 'LCP', value: 1800, phase: 'load-duration', target: 'img' },
          { name: 'CLS', value: 0.05, phase: 'complete', target: 'my-widget' },
        ],
      }),
    });
    expect(response.statusCode).toBe(202);
    // A refused beacon counts nothing.
    expect(
      (await api.app.inject({ method: 'POST', url: '/api/field', payload: report({ views: -1 }) }))
        .statusCode,
    ).toBe(400);
    const text = await registry.metrics();
    expect(text).toContain(`field_beacons_total{app="mf_rules",version="${STABLE}"} 1`);
    expect(text).toContain('field_beacons_total{app="shell",version="s1e2l3l4"} 1');
    expect(text).toContain(`field_page_views_total{app="mf_rules",version="${STABLE}"} 2`);
    expect(text).toContain(`field_errors_total{app="mf_rules",version="${STABLE}",kind="uncaught"} 1`);
    expect(text).toContain(
      `field_web_vital_duration_seconds_bucket{le="2",metric="LCP",app="mf_rules",version="${STABLE}"} 1`,
    );
    expect(text).toContain(
      `field_web_vital_duration_seconds_bucket{le="1.75",metric="LCP",app="mf_rules",version="${STABLE}"} 0`,
    );
    expect(text).toContain(
      `field_cumulative_layout_shift_bucket{le="0.05",app="mf_rules",version="${STABLE}"} 1`,
    );
    expect(text).toContain(
      'field_web_vital_attributions_total{metric="LCP",phase="load-duration",target="img"} 1',
    );
    expect(text).toContain(
      'field_web_vital_attributions_total{metric="CLS",phase="complete",target="other"} 1',
    );
  });
});
