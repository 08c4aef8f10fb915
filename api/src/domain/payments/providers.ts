/** Which payment providers this API offers: the sandbox always, PayPal when configured. */
import type { PaymentProviders } from './payment-service';
import { createPayPalProvider } from './paypal/paypal-provider';
import { createSandboxProvider } from './sandbox-provider';
import { apiEnvironment, type Environment } from '../../config';

export interface PayPalOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.paypal.com (live) or https://api-m.sandbox.paypal.com (PayPal's sandbox). */
  apiBase: string;
  /** The webhook's id in the PayPal dashboard; webhooks are refused without it. */
  webhookId: string | null;
}

export function resolvePayPalOptions(
  option: PayPalOptions | false | undefined,
  env: Environment = apiEnvironment(),
): PayPalOptions | null {
  if (option === false) return null;
  if (option) return option;
  if (!env.PAYPAL_CLIENT_ID || !env.PAYPAL_CLIENT_SECRET) return null;
  return {
    clientId: env.PAYPAL_CLIENT_ID,
    clientSecret: env.PAYPAL_CLIENT_SECRET,
    apiBase: env.PAYPAL_API_BASE ?? 'https://api-m.sandbox.paypal.com',
    webhookId: env.PAYPAL_WEBHOOK_ID ?? null,
  };
}

export function resolvePaymentProviders(
  apiPrefix: string,
  paypal: PayPalOptions | false | undefined,
): PaymentProviders {
  const paypalOptions = resolvePayPalOptions(paypal);
  return {
    sandbox: createSandboxProvider(apiPrefix),
    paypal: paypalOptions ? createPayPalProvider(paypalOptions) : null,
  };
}
