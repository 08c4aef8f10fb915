/**
 * Provider webhooks: a verified event about an approved or completed provider order captures and
 * fulfils it (the buyer may never come back to the site). Each event id is recorded once it has
 * been handled, so a replay changes nothing; an event whose handling failed on our side (503) is
 * not recorded, so the provider's retry handles it.
 */
import type { PaymentProvider } from '@arttoy/shared/contracts/api';
import { and, eq } from 'drizzle-orm';
import { payments, webhookEvents } from '../../db/schema';
import { ApiError, apiError } from '../../errors';
import { capturePayment, type PaymentDeps } from './payment-service';

export interface WebhookLog {
  info(obj: object, msg: string): void;
}

export async function handleWebhook(
  deps: PaymentDeps,
  providerName: PaymentProvider,
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
  log: WebhookLog,
): Promise<void> {
  const provider = deps.providers[providerName];
  if (!provider) throw apiError('webhooks_not_set_up', { provider: providerName });
  const event = await provider.verifyWebhook(headers, body);
  const [seen] = await deps.db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, providerName), eq(webhookEvents.eventId, event.eventId)));
  if (seen) {
    log.info({ eventId: event.eventId }, 'webhook replay ignored');
    return;
  }
  if (event.providerOrderId) {
    const [payment] = await deps.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.provider, providerName), eq(payments.providerOrderId, event.providerOrderId)));
    if (payment) {
      try {
        await capturePayment(deps, event.providerOrderId, null);
      } catch (error) {
        // A refusal (expired, cancelled, declined) is final: record the event. Our outage is not: let the provider retry.
        if (!(error instanceof ApiError) || error.statusCode >= 500) throw error;
        log.info({ eventId: event.eventId, reason: error.message }, 'webhook event not fulfilled');
      }
    }
  }
  await deps.db
    .insert(webhookEvents)
    .values({
      provider: providerName,
      eventId: event.eventId,
      eventType: event.eventType,
      resourceId: event.providerOrderId,
      payload: event.payload ?? {},
    })
    .onConflictDoNothing();
}
