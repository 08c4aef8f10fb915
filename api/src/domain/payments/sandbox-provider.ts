/**
 * The built-in sandbox provider (test mode, the default). It keeps its records in its own table
 * (sandbox_checkouts), as PayPal keeps its own: a checkout is created, the buyer approves or
 * cancels it on the sandbox page the API serves, and it is captured once (and refunded at most once).
 * No money moves.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { fromJsonRow } from '../../db/json-row';
import { sandboxCheckouts } from '../../db/schema';
import { apiError } from '../../errors';
import { PaymentDeclinedError, type PaymentProviderAdapter, type ProviderCapture } from './provider';

type CheckoutRow = typeof sandboxCheckouts.$inferSelect;

const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex').toUpperCase()}`;

/** `url` with `token` (and more) added to its query, keeping an origin-relative URL relative. */
export function withQuery(url: string, params: Record<string, string>): string {
  const parsed = new URL(url, 'http://relative.invalid');
  for (const [name, value] of Object.entries(params)) parsed.searchParams.set(name, value);
  return parsed.origin === 'http://relative.invalid'
    ? `${parsed.pathname}${parsed.search}`
    : parsed.toString();
}

function toCapture(checkout: CheckoutRow): ProviderCapture {
  return {
    providerOrderId: checkout.id,
    captureId: checkout.captureId ?? '',
    providerStatus: 'COMPLETED',
    completed: checkout.status === 'completed',
    amount: { amountMinor: checkout.amountMinor, currency: checkout.currency },
    reference: checkout.reference,
    vault: checkout.vaultToken ? { token: checkout.vaultToken, label: 'Sandbox test account' } : null,
  };
}

/** Completes the checkout if it is approved (once: a concurrent call finds it completed), saving the method when asked; the completed row, or none. */
function completeApproved(db: Db, id: string) {
  return db
    .update(sandboxCheckouts)
    .set({
      status: 'completed',
      captureId: newId('SBXC-'),
      vaultToken: sql`coalesce(${sandboxCheckouts.vaultToken}, case when ${sandboxCheckouts.saveMethod} then ${newId('SBXV-')} end)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.status, 'approved')))
    .returning()
    .prepare('sandbox_complete_approved')
    .execute();
}

async function completeCheckout(db: Db, checkout: CheckoutRow): Promise<ProviderCapture> {
  if (checkout.status === 'completed') return toCapture(checkout);
  if (checkout.status !== 'approved') {
    throw new PaymentDeclinedError(
      checkout.status === 'cancelled'
        ? 'The payment was cancelled on the sandbox page. Start the payment again to pay.'
        : 'The payment has not been approved yet: approve it on the sandbox page first.',
      checkout.status.toUpperCase(),
    );
  }
  const [done] = await completeApproved(db, checkout.id);
  if (done) return toCapture(done);
  // Completed by a concurrent call meanwhile: its capture is the one.
  const [now] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkout.id));
  if (now?.status !== 'completed') throw new Error(`Sandbox checkout ${checkout.id} changed during capture.`);
  return toCapture(now);
}

/**
 * A checkout's id follows from the request id, as PayPal-Request-Id does for PayPal: asked again
 * under the same request id (a retry, or reconciliation after the API stopped mid-payment), the
 * sandbox answers with the checkout it made the first time and takes nothing twice.
 */
function checkoutIdFor(requestId: string): string {
  return `SBX-${createHash('sha256').update(requestId).digest('hex').slice(0, 24).toUpperCase()}`;
}

/** `apiPrefix` is where the API is mounted (`/api`): the sandbox page lives under it. */
export function createSandboxProvider(apiPrefix: string): PaymentProviderAdapter {
  const approvalUrl = (id: string) =>
    `${apiPrefix}/payments/sandbox/checkout?token=${encodeURIComponent(id)}`;
  return {
    name: 'sandbox',
    // What createOrder and capture below write, written by the payment service's statements instead (migration 0018).
    inDatabase: {
      orderFor(requestId) {
        const id = checkoutIdFor(requestId);
        return { providerOrderId: id, approvalUrl: approvalUrl(id) };
      },
      newCapture: () => ({ captureId: newId('SBXC-'), vaultToken: newId('SBXV-') }),
      toCapture: (checkout) => toCapture(fromJsonRow(sandboxCheckouts, checkout)),
    },
    async createOrder(input) {
      if (input.vaultToken) {
        const [saved] = await input.db
          .select({ id: sandboxCheckouts.id })
          .from(sandboxCheckouts)
          .where(eq(sandboxCheckouts.vaultToken, input.vaultToken))
          .limit(1);
        if (!saved)
          throw new PaymentDeclinedError(
            'This saved sandbox method is unknown. Pay without it, and save it again.',
            'VAULT_TOKEN_UNKNOWN',
          );
      }
      const id = checkoutIdFor(input.requestId);
      const [inserted] = await input.db
        .insert(sandboxCheckouts)
        .values({
          id,
          reference: input.reference,
          amountMinor: input.amount.amountMinor,
          currency: input.amount.currency,
          status: input.vaultToken ? 'approved' : 'created',
          returnUrl: input.returnUrl,
          cancelUrl: input.cancelUrl,
          saveMethod: input.saveMethod,
          vaultToken: input.vaultToken,
        })
        .onConflictDoNothing({ target: sandboxCheckouts.id })
        .returning()
        // Named, so each pooled connection parses and plans it once (payment-service.ts says why).
        .prepare('sandbox_insert_checkout')
        .execute();
      const [checkout] = inserted
        ? [inserted]
        : await input.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
      if (!checkout) throw new Error(`Sandbox checkout ${id} was neither created nor found.`);
      // A saved method needs no approval: the sandbox completes the payment at once, as PayPal does.
      if (input.vaultToken) {
        const capture = await completeCheckout(input.db, checkout);
        return { providerOrderId: checkout.id, approvalUrl: null, providerStatus: 'COMPLETED', capture };
      }
      return {
        providerOrderId: checkout.id,
        approvalUrl: approvalUrl(checkout.id),
        providerStatus: 'CREATED',
        capture: null,
      };
    },
    async capture(input) {
      // An approved checkout (the buyer's return, nearly always) completes in one statement; any other is read to say why not.
      const [completed] = await completeApproved(input.db, input.providerOrderId);
      if (completed) return toCapture(completed);
      const [checkout] = await input.db
        .select()
        .from(sandboxCheckouts)
        .where(eq(sandboxCheckouts.id, input.providerOrderId))
        .for('update');
      if (!checkout)
        throw new PaymentDeclinedError(`The sandbox has no payment ${input.providerOrderId}.`, 'NOT_FOUND');
      return completeCheckout(input.db, checkout);
    },
    async refund(input) {
      const [checkout] = await input.db
        .select()
        .from(sandboxCheckouts)
        .where(eq(sandboxCheckouts.captureId, input.captureId))
        .for('update');
      if (!checkout)
        throw new PaymentDeclinedError(
          `The sandbox has no capture ${input.captureId} to refund.`,
          'NOT_FOUND',
        );
      if (checkout.amountMinor !== input.amount.amountMinor || checkout.currency !== input.amount.currency) {
        throw new PaymentDeclinedError(
          `The sandbox refunds a capture in full: ${checkout.amountMinor} ${checkout.currency}, not ${input.amount.amountMinor} ${input.amount.currency}.`,
          'AMOUNT_MISMATCH',
        );
      }
      if (checkout.refundId) return { refundId: checkout.refundId, providerStatus: 'COMPLETED' };
      const [refunded] = await input.db
        .update(sandboxCheckouts)
        .set({ refundId: newId('SBXR-'), updatedAt: sql`now()` })
        .where(eq(sandboxCheckouts.id, checkout.id))
        .returning();
      if (!refunded?.refundId) throw new Error(`Sandbox checkout ${checkout.id} vanished during its refund.`);
      return { refundId: refunded.refundId, providerStatus: 'COMPLETED' };
    },
    async verifyWebhook() {
      throw apiError('sandbox_sends_no_webhooks', {});
    },
  };
}

export async function findSandboxCheckout(db: Db, token: string): Promise<CheckoutRow | null> {
  const [checkout] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, token));
  return checkout ?? null;
}

/**
 * The buyer's choice on the sandbox page. Returns where to send them: the return URL with
 * `token`, or the cancel URL with `token` and `cancelled=1`. Deciding twice changes nothing.
 */
export async function decideSandboxCheckout(
  db: Db,
  token: string,
  action: 'approve' | 'cancel',
): Promise<string | null> {
  // The first decision (nearly always) is one statement; a checkout already decided is read as it is.
  const [decided] = await db
    .update(sandboxCheckouts)
    .set({ status: action === 'approve' ? 'approved' : 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(sandboxCheckouts.id, token), eq(sandboxCheckouts.status, 'created')))
    .returning({ returnUrl: sandboxCheckouts.returnUrl, cancelUrl: sandboxCheckouts.cancelUrl });
  const checkout = decided
    ? { ...decided, status: 'created' as const }
    : await findSandboxCheckout(db, token);
  if (!checkout) return null;
  const approved = action === 'approve' && checkout.status !== 'cancelled';
  return approved
    ? withQuery(checkout.returnUrl, { token })
    : withQuery(checkout.cancelUrl, { token, cancelled: '1' });
}
