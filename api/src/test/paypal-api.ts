/**
 * A test API that pays through the PayPal test server (its own, closed with the API), with the order
 * sweep off. `startBeside` starts another API on the same database and the same PayPal, as a second
 * process or a restart would.
 */
import type { FastifyInstance } from 'fastify';
import type { ApiOptions } from '../app';
import type { PayPalOptions } from '../domain/payments/providers';
import { buildTestApi, startApiBeside, type TestApi } from './helper';
import { PAYPAL_TEST_CREDENTIALS, type PayPalTestServer, startPayPalTestServer } from './paypal-test-server';

export interface PayPalTestApi extends TestApi {
  paypal: PayPalTestServer;
  paypalOptions: PayPalOptions;
  startBeside(options?: ApiOptions): Promise<FastifyInstance>;
}

export async function buildPayPalTestApi(options: ApiOptions = {}): Promise<PayPalTestApi> {
  const paypal = await startPayPalTestServer();
  const paypalOptions = { ...PAYPAL_TEST_CREDENTIALS, apiBase: paypal.url };
  let api: TestApi;
  try {
    api = await buildTestApi({ orderSweepIntervalMs: 0, paypal: paypalOptions, ...options });
  } catch (error) {
    await paypal.close();
    throw error;
  }
  return {
    ...api,
    paypal,
    paypalOptions,
    startBeside: (more = {}) =>
      startApiBeside(api, { orderSweepIntervalMs: 0, paypal: paypalOptions, ...more }),
    async close() {
      await api.close();
      await paypal.close();
    },
  };
}
