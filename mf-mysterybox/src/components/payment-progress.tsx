/**
 * Shown from the moment a payment is on its way (back from the provider's approval page, or a saved
 * method paying at once) until the server's answer: the capture and the draw take a few seconds,
 * and a page with nothing but placeholders meanwhile looked broken.
 */
export function PaymentProgress({ orderSn }: { orderSn: string }) {
  return (
    <div className="mb-notice mb-confirming" role="status" data-testid="payment-progress">
      <span className="mb-confirming__spinner" aria-hidden="true" />
      <p>
        <strong>Confirming your payment…</strong>
        {orderSn ? ` Order ${orderSn}.` : ''} Your figure is drawn as soon as the payment is confirmed; this takes a few seconds. Please keep this page open.
      </p>
    </div>
  );
}
