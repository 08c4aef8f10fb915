/**
 * The options of every server that mounts the API (server.ts, the site server): what reaches the
 * server before any route or hook of the API runs still gets the API's answer.
 */
import { serverOptions, siteOriginFrom, trustProxyFrom } from './server-options';
import { signInTestUser } from './test/auth-emulator';
import { buildTestApi, type BuiltTestApi, SETUP_TIMEOUT } from './test/helper';
import { bearer, decideOnSandboxPage, expectStatus, orderBox, seedBoxId } from './test/purchase';

/** A percent-escape that decodes to no UTF-8 character: the router cannot decode the path. */
const MALFORMED = '%E0%A4%A';

describe('paths that cannot be decoded', () => {
  let api: BuiltTestApi;
  beforeAll(async () => {
    api = await buildTestApi({}, serverOptions({}));
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('answer on every API route with a 400 in the error shape and the API’s headers', async () => {
    const reference = await api.app.inject({ method: 'GET', url: '/api/no-such-path' });
    // Each route with the escape in every parameter, and a static route with it in a segment after its path.
    const urls = new Set(
      api.routes.map((route) =>
        /[:*]/.test(route.url) ? route.url.replace(/:[^/]+|\*/g, MALFORMED) : `${route.url}/${MALFORMED}`,
      ),
    );
    expect(urls.size).toBeGreaterThan(20);
    for (const url of urls) {
      const response = await api.app.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 400,
        body: { error: { code: 'invalid_request', message: `'${url}' is not a valid url component` } },
      });
      for (const name of [
        'content-security-policy',
        'x-content-type-options',
        'x-frame-options',
        'cross-origin-resource-policy',
      ]) {
        expect([url, name, response.headers[name]]).toEqual([url, name, reference.headers[name]]);
      }
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('TRUST_PROXY', () => {
  /** A hop count as the hops it trusts (proxy-addr asks hop 0, 1, … until one is not trusted). */
  const view = (trust: ReturnType<typeof trustProxyFrom>) =>
    typeof trust === 'function'
      ? `${[0, 1, 2, 3, 4].filter((hop) => trust('192.0.2.1', hop)).length} hops`
      : trust;

  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['1', '1 hops'],
    ['2', '2 hops'],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, ::1, loopback', ['10.0.0.0/8', '::1', 'loopback']],
  ])('reads %p', (value, expected) => {
    expect(view(trustProxyFrom(value))).toEqual(expected);
  });

  it.each(['true', 'yes', '-1', '1.5', '11', '999.0.0.1', '10.0.0.0/33', '10.0.0.1/8/8', 'nginx'])(
    'refuses %p, naming the setting and the fix',
    (value) => {
      expect(() => trustProxyFrom(value)).toThrow(
        new RegExp(
          `^TRUST_PROXY must be the number of proxies .*got "${value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"`,
        ),
      );
    },
  );
});

describe('SITE_ORIGIN', () => {
  it('is the configured origin, or the local site server’s', () => {
    expect(siteOriginFrom({ SITE_ORIGIN: 'https://arttoy.example' })).toBe('https://arttoy.example');
    expect(siteOriginFrom({ SITE_ORIGIN: 'https://arttoy.example/' })).toBe('https://arttoy.example');
    expect(siteOriginFrom({})).toBe('http://localhost:3000');
    expect(siteOriginFrom({ PORT: '8080' })).toBe('http://localhost:8080');
  });

  it.each([
    'arttoy.example',
    'https://arttoy.example/shop',
    'ftp://arttoy.example',
    'https://arttoy.example?x=1',
    'https://',
  ])('refuses %p, naming the setting', (value) => {
    expect(() => siteOriginFrom({ SITE_ORIGIN: value })).toThrow(
      /^SITE_ORIGIN must be the site's origin, scheme and host only, such as https:\/\/arttoy\.example; got /,
    );
  });
});

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  let api: BuiltTestApi;
  beforeAll(async () => {
    // No siteOrigin option: the origin comes from SITE_ORIGIN, else the local site server's default.
    api = await buildTestApi(
      { rateLimits: { auth: { max: 2, timeWindow: 60_000 } } },
      serverOptions({ TRUST_PROXY: '1' }),
    );
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('counts a client by the address the proxy saw, whatever X-Forwarded-For it sent', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      // The proxy (127.0.0.1) appends the address it saw to what the client claimed.
      const headers = { 'x-forwarded-for': `198.51.100.${attempt + 1}, 203.0.113.50` };
      statuses.push(
        (await api.app.inject({ method: 'GET', url: '/api/me', remoteAddress: '127.0.0.1', headers }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 429, 429]);
    // Another client behind the same proxy has its own count.
    expect(
      (
        await api.app.inject({
          method: 'GET',
          url: '/api/me',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': '203.0.113.51' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('sends buyers back to the configured origin, whatever Host or X-Forwarded-Host the request named', async () => {
    const buyer = await signInTestUser(`origin-${Date.now()}`);
    const boxId = await seedBoxId(api, 'skate-spirits-blind-box');
    const order = await orderBox(api, buyer, boxId);
    const started = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.orderSn}/payments`,
      remoteAddress: '127.0.0.1',
      headers: {
        ...bearer(buyer),
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
      payload: { provider: 'sandbox' },
    });
    const { approvalUrl } = expectStatus(started, 201).json<{ approvalUrl: string }>();
    const token = new URL(approvalUrl, 'http://relative.invalid').searchParams.get('token')!;
    const location = await decideOnSandboxPage(api, token, 'cancel');
    expect(location.startsWith(`${siteOriginFrom(process.env)}/payment/order_pay?`)).toBe(true);
    expect(location).not.toMatch(/evil/);
  });
});
