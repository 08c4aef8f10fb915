import { eq } from 'drizzle-orm';
import type { FieldHealth, FieldReport } from '@arttoy/shared/contracts/api';
import { fieldCounts } from '../../db/schema';
import { fieldStore, MINUTE_MS, minuteOf } from '../../domain/field/counts';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';

const STABLE = 'a1b2c3d4e5f6';
const CANARY = 'f6e5d4c3b2a1';
const report = (overrides: Partial<FieldReport> = {}): FieldReport => ({
  route: '/rules/:page',
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
    expect(answer.json()).toEqual({ views: 2, errors: 2 });
    expect((await send(canary)).statusCode).toBe(202);

    expect((await health('mf_rules', since)).versions).toEqual({
      [STABLE]: { views: 3, errors: 0 },
      [CANARY]: { views: 4, errors: 4 },
    });
    // The shell was on every one of those pages, in one version.
    expect((await health('shell', since)).versions).toEqual({ s1e2l3l4: { views: 7, errors: 0 } });
    expect((await health('mf_gallery', since)).versions).toEqual({});
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
    expect((await health('mf_account', 0)).versions).toEqual({});
    // A store of its own: the API's has cleaned up in this minute already (it does so once a minute).
    await fieldStore(api.db, 10 * MINUTE_MS).record(
      report({ versions: { mf_account: 'new0001' } }),
      Date.now(),
    );
    const left = await api.db.select().from(fieldCounts).where(eq(fieldCounts.app, 'mf_account'));
    expect(left.map((row) => row.version)).toEqual(['new0001']);
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
  ])('refuses %s with a 400 naming the field, counting nothing', async (_case, overrides, field) => {
    const before = await health('mf_rules', 0);
    const response = await send({ ...report(), ...overrides });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: { code: string; details: { issues: { field: string }[] } } }>();
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.details.issues.map((issue) => issue.field)).toContain(field);
    expect(await health('mf_rules', 0)).toEqual(before);
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
