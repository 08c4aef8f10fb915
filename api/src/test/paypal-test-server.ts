/**
 * A small PayPal-compatible server for tests (PayPal cannot be reached from here): the parts of
 * the REST API the adapter uses, with PayPal's shapes, status codes and idempotency rules.
 * - POST /v1/oauth2/token (Basic client id:secret, grant_type=client_credentials)
 * - POST /v2/checkout/orders (PayPal-Request-Id; payer-action link; vault_id pays at once)
 * - POST /v2/checkout/orders/:id/capture (422 ORDER_NOT_APPROVED / ORDER_ALREADY_CAPTURED; the same
 *   PayPal-Request-Id returns the first successful answer)
 * - POST /v2/payments/captures/:id/refund (in full; 422 CAPTURE_FULLY_REFUNDED; the same PayPal-Request-Id
 *   returns the first refund)
 * - POST /v1/notifications/verify-webhook-signature (checks the signature `signWebhook` made)
 * The buyer's approval at PayPal is `approve(orderId)`; `fail` makes the next calls answer 503;
 * `holdNextCapture` keeps the next capture waiting (a slow provider) until released; `loseNextAnswers`
 * does the work of the next calls but answers 504 (the answer lost on its way back, as when the
 * caller died or a gateway timed out after PayPal had acted).
 */
import { createHmac, randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import type { PayPalOrder, PayPalWebhookEvent } from '../domain/payments/paypal/paypal-types';

export const PAYPAL_TEST_CREDENTIALS = {
  clientId: 'test-client-id',
  clientSecret: 'test-client-secret',
  webhookId: 'WH-TEST-0001',
};

interface StoredOrder {
  order: PayPalOrder;
  /** What the create request asked for. */
  request: {
    purchase_units: { reference_id: string; amount: { currency_code: string; value: string } }[];
    payment_source?: { paypal?: Record<string, unknown> };
  };
}

export interface PayPalTestServer {
  url: string;
  /** The buyer approves the order on PayPal's page. */
  approve(orderId: string): void;
  /** Headers PayPal would send with this event. */
  signWebhook(event: PayPalWebhookEvent): Record<string, string>;
  /** Calls received, by route, with their PayPal-Request-Id. */
  calls: { route: string; requestId: string | undefined; body: unknown }[];
  tokensIssued: number;
  /** The next `count` API calls answer 503. */
  failNext(count: number): void;
  /** The next capture reports this amount instead of the order's (a provider-side mismatch). */
  captureAmountOverride: string | null;
  /** The next capture reports this currency instead of the order's. */
  captureCurrencyOverride: string | null;
  /** The next capture waits until `release()`; `reached` resolves once it is waiting. */
  holdNextCapture(): { reached: Promise<void>; release(): void };
  /** The next `count` order and capture calls are done at PayPal, but their answers are lost (504). */
  loseNextAnswers(count: number): void;
  /** The next `count` refunds answer 503 (PayPal down between a capture and its refund). */
  failNextRefunds(count: number): void;
  /** Refunds made, by capture id. */
  refunds: Map<string, { refundId: string; amount: { currency_code: string; value: string } }>;
  close(): Promise<void>;
}

const issue = (status: number, name: string, detail: string) => ({
  status,
  body: { name, message: detail, details: [{ issue: detail }] },
});
const id = (length: number) => randomBytes(length).toString('hex').toUpperCase().slice(0, length);

export async function startPayPalTestServer(): Promise<PayPalTestServer> {
  const app = Fastify({ logger: false });
  const orders = new Map<string, StoredOrder>();
  const replies = new Map<string, unknown>();
  const vault = new Set<string>();
  const tokens = new Set<string>();
  const signingKey = randomBytes(32);
  let failures = 0;
  let refundFailures = 0;
  let lostAnswers = 0;
  let base = '';
  let captureHold: { arrived: () => void; released: Promise<void> } | null = null;
  const captures = new Map<string, { currency_code: string; value: string }>();

  const state: PayPalTestServer = {
    url: '',
    calls: [],
    tokensIssued: 0,
    captureAmountOverride: null,
    captureCurrencyOverride: null,
    approve(orderId) {
      const stored = orders.get(orderId);
      if (!stored) throw new Error(`The PayPal test server has no order ${orderId}.`);
      stored.order.status = 'APPROVED';
    },
    signWebhook(event) {
      const transmissionId = id(16);
      const time = new Date().toISOString();
      const sig = createHmac('sha256', signingKey)
        .update(`${transmissionId}|${time}|${PAYPAL_TEST_CREDENTIALS.webhookId}|${JSON.stringify(event)}`)
        .digest('base64');
      return {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${base}/v1/notifications/certs/CERT-TEST`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': sig,
        'paypal-transmission-time': time,
      };
    },
    failNext(count) {
      failures = count;
    },
    refunds: new Map(),
    failNextRefunds(count) {
      refundFailures = count;
    },
    loseNextAnswers(count) {
      lostAnswers = count;
    },
    holdNextCapture() {
      let arrived: () => void = () => undefined;
      const reached = new Promise<void>((resolve) => (arrived = resolve));
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      captureHold = { arrived, released };
      return { reached, release };
    },
    close: () => app.close(),
  };

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addHook('onRequest', async (request, reply) => {
    state.calls.push({
      route: `${request.method} ${request.url}`,
      requestId: request.headers['paypal-request-id'] as string | undefined,
      body: undefined,
    });
    if (failures > 0 && request.url !== '/v1/oauth2/token') {
      failures -= 1;
      return reply.status(503).send({ name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' });
    }
    if (request.url === '/v1/oauth2/token') return undefined;
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!tokens.has(bearer))
      return reply
        .status(401)
        .send({ error: 'invalid_token', error_description: 'Token signature verification failed' });
    return undefined;
  });
  app.addHook('preHandler', async (request) => {
    const last = state.calls.at(-1);
    if (last) last.body = request.body;
  });

  app.post('/v1/oauth2/token', async (request, reply) => {
    const expected = `Basic ${Buffer.from(`${PAYPAL_TEST_CREDENTIALS.clientId}:${PAYPAL_TEST_CREDENTIALS.clientSecret}`).toString('base64')}`;
    if (
      request.headers.authorization !== expected ||
      (request.body as Record<string, string>).grant_type !== 'client_credentials'
    ) {
      return reply
        .status(401)
        .send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    const token = `A21AA${id(40)}`;
    tokens.add(token);
    state.tokensIssued += 1;
    return {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-TEST',
      expires_in: 32_400,
      nonce: id(20),
    };
  });

  /** PayPal-Request-Id: the same id on the same route returns the first successful answer (a snapshot of it). */
  const idempotent = async (
    route: string,
    key: string | undefined,
    compute: () => { status: number; body: unknown },
    reply: { status(code: number): { send(body: unknown): unknown } },
  ) => {
    const cacheKey = key ? `${route} ${key}` : undefined;
    const cached = cacheKey ? replies.get(cacheKey) : undefined;
    const result = (cached as { status: number; body: unknown } | undefined) ?? compute();
    if (cacheKey && !cached && result.status < 300)
      replies.set(cacheKey, { status: result.status, body: structuredClone(result.body) });
    if (lostAnswers > 0) {
      lostAnswers -= 1;
      return reply
        .status(504)
        .send({ name: 'GATEWAY_TIMEOUT', message: 'The answer was lost on its way back.' });
    }
    return reply.status(result.status).send(result.body);
  };

  const completed = (stored: StoredOrder): PayPalOrder => {
    const unit = stored.request.purchase_units[0];
    const amount = {
      currency_code: state.captureCurrencyOverride ?? unit?.amount.currency_code ?? 'USD',
      value: state.captureAmountOverride ?? unit?.amount.value ?? '0',
    };
    state.captureAmountOverride = null;
    state.captureCurrencyOverride = null;
    const paypal = stored.request.payment_source?.paypal ?? {};
    const wantsVault =
      (paypal.attributes as { vault?: { store_in_vault?: string } } | undefined)?.vault?.store_in_vault ===
      'ON_SUCCESS';
    const vaultId = (paypal.vault_id as string | undefined) ?? (wantsVault ? `VT${id(10)}` : undefined);
    if (vaultId) vault.add(vaultId);
    const captureId = `CAP${id(14)}`;
    captures.set(captureId, amount);
    stored.order = {
      id: stored.order.id,
      status: 'COMPLETED',
      purchase_units: [
        {
          reference_id: unit?.reference_id,
          payments: {
            captures: [{ id: captureId, status: 'COMPLETED', amount, custom_id: unit?.reference_id }],
          },
        },
      ],
      payment_source: {
        paypal: {
          email_address: 'buyer@example.test',
          ...(vaultId ? { attributes: { vault: { id: vaultId, status: 'VAULTED' } } } : {}),
        },
      },
    };
    return stored.order;
  };

  app.post('/v2/checkout/orders', async (request, reply) =>
    idempotent(
      'create',
      request.headers['paypal-request-id'] as string | undefined,
      () => {
        const body = request.body as StoredOrder['request'] & { intent?: string };
        if (body.intent !== 'CAPTURE' || !body.purchase_units?.[0]?.amount?.value)
          return issue(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
        const orderId = id(17);
        const stored: StoredOrder = {
          request: body,
          order: { id: orderId, status: 'PAYER_ACTION_REQUIRED' },
        };
        orders.set(orderId, stored);
        const vaultId = body.payment_source?.paypal?.vault_id as string | undefined;
        if (vaultId) {
          if (!vault.has(vaultId)) return issue(422, 'UNPROCESSABLE_ENTITY', 'INVALID_PAYMENT_SOURCE');
          return { status: 201, body: completed(stored) };
        }
        stored.order.links = [
          { rel: 'self', href: `${base}/v2/checkout/orders/${orderId}`, method: 'GET' },
          { rel: 'payer-action', href: `${base}/checkoutnow?token=${orderId}`, method: 'GET' },
        ];
        return { status: 200, body: stored.order };
      },
      reply,
    ),
  );

  app.post('/v2/checkout/orders/:id/capture', async (request, reply) => {
    const hold = captureHold;
    captureHold = null;
    if (hold) {
      hold.arrived();
      await hold.released;
    }
    return idempotent(
      request.url,
      request.headers['paypal-request-id'] as string | undefined,
      () => {
        const stored = orders.get((request.params as { id: string }).id);
        if (!stored) return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        if (stored.order.status === 'COMPLETED')
          return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
        if (stored.order.status !== 'APPROVED')
          return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
        return { status: 201, body: completed(stored) };
      },
      reply,
    );
  });

  app.post('/v2/payments/captures/:id/refund', async (request, reply) => {
    if (refundFailures > 0) {
      refundFailures -= 1;
      return reply.status(503).send({ name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' });
    }
    return idempotent(
      request.url,
      request.headers['paypal-request-id'] as string | undefined,
      () => {
        const captureId = (request.params as { id: string }).id;
        const amount = captures.get(captureId);
        if (!amount) return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        if (state.refunds.has(captureId)) return issue(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED');
        const asked =
          (request.body as { amount?: { currency_code: string; value: string } } | undefined)?.amount ??
          amount;
        if (asked.value !== amount.value || asked.currency_code !== amount.currency_code)
          return issue(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
        const refundId = `REF${id(14)}`;
        state.refunds.set(captureId, { refundId, amount });
        return { status: 201, body: { id: refundId, status: 'COMPLETED', amount } };
      },
      reply,
    );
  });

  app.post('/v1/notifications/verify-webhook-signature', (request) => {
    const body = request.body as Record<string, unknown>;
    const expected = createHmac('sha256', signingKey)
      .update(
        `${String(body.transmission_id)}|${String(body.transmission_time)}|${String(body.webhook_id)}|${JSON.stringify(body.webhook_event)}`,
      )
      .digest('base64');
    const ok = body.webhook_id === PAYPAL_TEST_CREDENTIALS.webhookId && body.transmission_sig === expected;
    return { verification_status: ok ? 'SUCCESS' : 'FAILURE' };
  });

  base = await app.listen({ port: 0, host: '127.0.0.1' });
  state.url = base;
  return state;
}
