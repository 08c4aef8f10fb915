import type { OrderKind } from '@arttoy/shared/contracts/api';

/** What happens once the payment is confirmed, by what the order pays for. */
const NEXT: Record<OrderKind, string> = {
  box: 'Your figure is drawn as soon as the payment is confirmed',
  listing: 'The figure moves to your locker as soon as the payment is confirmed',
  ship_out: 'Your ship-out goes to the warehouse as soon as the payment is confirmed',
};

/**
 * Shown from the moment a payment is on its way (back from the provider's approval page, or a saved
 * method paying at once) until the server's answer: the capture and the draw take a few seconds,
 * and a page with nothing but placeholders meanwhile looked broken. `kind`: what the order pays
 * for, when the page knows it (back from the provider it knows only the order number).
 */
export function PaymentProgress({ orderSn, kind }: { orderSn: string; kind?: OrderKind }) {
  return (
    <div className="mb-notice mb-confirming" role="status" data-testid="payment-progress">
      <span className="mb-confirming__spinner" aria-hidden="true" />
      <p>
        <strong>Confirming your payment…</strong>
        {orderSn ? ` Order ${orderSn}.` : ''}{' '}
        {kind ? NEXT[kind] : 'Your order is completed as soon as the payment is confirmed'}; this takes a few
        seconds. Please keep this page open.
      </p>
    </div>
  );
}
