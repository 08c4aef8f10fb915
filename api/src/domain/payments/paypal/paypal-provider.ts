/**
 * The PayPal Orders v2 adapter: create an order (intent CAPTURE; the buyer approves at PayPal's
 * payer-action link), capture it with PayPal-Request-Id (the payment's idempotency key, so a retry
 * returns PayPal's first answer), vault the method on request (payment_source.paypal.attributes.vault)
 * or pay with a vault id at once, refund a capture (POST /v2/payments/captures/{id}/refund, with its own
 * PayPal-Request-Id), and verify webhooks through /v1/notifications/verify-webhook-signature.
 */
import { apiError } from '../../../errors';
import { fromDecimal, toDecimal } from '../money';
import { type PaymentProviderAdapter, type ProviderCapture, ProviderUnavailableError } from '../provider';
import { createPayPalClient, type PayPalClientOptions } from './paypal-client';
import type { PayPalOrder, PayPalWebhookEvent } from './paypal-types';

export interface PayPalProviderOptions extends PayPalClientOptions {
  /** The webhook's id in the PayPal dashboard; null: webhooks are refused. */
  webhookId: string | null;
  /** Shown on PayPal's page. */
  brandName?: string;
}

/** The headers PayPal signs a webhook with, as its verify API names them. */
const SIGNATURE_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

/** Webhook events that mean "this order can be captured / was captured". */
const ACTIONABLE_EVENTS = new Set([
  'CHECKOUT.ORDER.APPROVED',
  'CHECKOUT.ORDER.COMPLETED',
  'PAYMENT.CAPTURE.COMPLETED',
]);

function toCapture(order: PayPalOrder): ProviderCapture {
  const unit = order.purchase_units?.[0];
  const captured = unit?.payments?.captures?.[0];
  if (!captured)
    throw new ProviderUnavailableError(`PayPal order ${order.id} is ${order.status} but carries no capture.`);
  const vault = order.payment_source?.paypal?.attributes?.vault;
  const email = order.payment_source?.paypal?.email_address;
  return {
    providerOrderId: order.id,
    captureId: captured.id,
    providerStatus: captured.status,
    completed: order.status === 'COMPLETED' && captured.status === 'COMPLETED',
    amount: {
      amountMinor: fromDecimal(captured.amount.value, captured.amount.currency_code),
      currency: captured.amount.currency_code,
    },
    reference: unit?.reference_id ?? captured.custom_id ?? '',
    vault:
      vault?.id && vault.status === 'VAULTED'
        ? { token: vault.id, label: email ? `PayPal (${email})` : 'PayPal' }
        : null,
  };
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

export function createPayPalProvider(options: PayPalProviderOptions): PaymentProviderAdapter {
  const client = createPayPalClient(options);
  return {
    name: 'paypal',
    async createOrder(input) {
      const paymentSource = input.vaultToken
        ? { paypal: { vault_id: input.vaultToken } }
        : {
            paypal: {
              experience_context: {
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl,
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
                brand_name: options.brandName ?? 'ArtToy Club',
              },
              ...(input.saveMethod
                ? { attributes: { vault: { store_in_vault: 'ON_SUCCESS', usage_type: 'MERCHANT' } } }
                : {}),
            },
          };
      const order = await client.call<PayPalOrder>(
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.reference,
              custom_id: input.reference,
              description: input.description,
              amount: {
                currency_code: input.amount.currency,
                value: toDecimal(input.amount.amountMinor, input.amount.currency),
              },
            },
          ],
          payment_source: paymentSource,
        },
        input.requestId,
      );
      // With a vault id PayPal creates and captures in one call.
      if (order.status === 'COMPLETED')
        return {
          providerOrderId: order.id,
          approvalUrl: null,
          providerStatus: order.status,
          capture: toCapture(order),
        };
      const approve = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
      if (!approve)
        throw new ProviderUnavailableError(
          `PayPal order ${order.id} (${order.status}) came without an approval link.`,
        );
      return {
        providerOrderId: order.id,
        approvalUrl: approve.href,
        providerStatus: order.status,
        capture: null,
      };
    },
    async capture(input) {
      const order = await client.call<PayPalOrder>(
        'POST',
        `/v2/checkout/orders/${encodeURIComponent(input.providerOrderId)}/capture`,
        {},
        input.requestId,
      );
      return toCapture(order);
    },
    async refund(input) {
      // PayPal refunds the whole capture when asked for its full amount; the request id makes a retry return the first refund.
      const refund = await client.call<{ id: string; status: string }>(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(input.captureId)}/refund`,
        {
          amount: {
            currency_code: input.amount.currency,
            value: toDecimal(input.amount.amountMinor, input.amount.currency),
          },
        },
        input.requestId,
      );
      if (!refund.id)
        throw new ProviderUnavailableError(
          `PayPal answered the refund of capture ${input.captureId} without a refund id.`,
        );
      return { refundId: refund.id, providerStatus: refund.status };
    },
    async verifyWebhook(headers, body) {
      if (!options.webhookId) {
        throw apiError('paypal_webhook_id_missing', {});
      }
      const event = body as PayPalWebhookEvent | null;
      if (!event || typeof event.id !== 'string' || typeof event.event_type !== 'string') {
        throw apiError('webhook_not_an_event', {});
      }
      const signature = Object.fromEntries(
        Object.entries(SIGNATURE_HEADERS).map(([field, name]) => [field, header(headers, name)]),
      );
      const missing = Object.values(SIGNATURE_HEADERS).filter((name) => !header(headers, name));
      if (missing.length > 0) throw apiError('webhook_unsigned', { missing });
      const verdict = await client.call<{ verification_status?: string }>(
        'POST',
        '/v1/notifications/verify-webhook-signature',
        {
          ...signature,
          webhook_id: options.webhookId,
          webhook_event: event,
        },
      );
      if (verdict.verification_status !== 'SUCCESS') {
        throw apiError('webhook_signature_invalid', {});
      }
      const orderId = event.event_type.startsWith('PAYMENT.CAPTURE.')
        ? event.resource?.supplementary_data?.related_ids?.order_id
        : event.resource?.id;
      return {
        eventId: event.id,
        eventType: event.event_type,
        providerOrderId: ACTIONABLE_EVENTS.has(event.event_type) ? (orderId ?? null) : null,
        payload: event,
      };
    },
  };
}
