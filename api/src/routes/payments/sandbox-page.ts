/** The sandbox checkout page's HTML: clearly test mode, the amount and order, Approve and Cancel. */
import type { sandboxCheckouts } from '../../db/schema';
import { formatMoney } from '../../domain/payments/money';

type CheckoutRow = typeof sandboxCheckouts.$inferSelect;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f4f6; color: #1d1d22; }
  main { max-width: 28rem; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 1.5rem; box-shadow: 0 2px 12px #0002; }
  .banner { background: #ffd23f; color: #1d1d22; font-weight: 700; text-align: center; padding: .6rem; letter-spacing: .05em; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; }
  dt { color: #55555f; } dd { margin: 0; font-weight: 600; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; flex-wrap: wrap; }
  button { font: inherit; padding: .7rem 1.4rem; border-radius: 8px; border: 2px solid #1d1d22; cursor: pointer; min-height: 44px; }
  button[value=approve] { background: #1d1d22; color: #fff; }
  button[value=cancel] { background: #fff; color: #1d1d22; }
  button:focus-visible { outline: 3px solid #3d6cff; outline-offset: 2px; }
  p.note { color: #55555f; font-size: .9rem; }`;

function layout(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><div class="banner" role="note">TEST MODE: sandbox payment, no money moves</div><main>${content}</main></body>
</html>`;
}

/** `formAction` is the page's own path (the form posts back to it). Null checkout: the not-found page. */
export function renderSandboxPage(checkout: CheckoutRow | null, formAction: string): string {
  if (!checkout) {
    return layout(
      'Sandbox payment not found',
      '<h1>Payment not found</h1><p>This sandbox payment does not exist. Go back to your order and start the payment again.</p>',
    );
  }
  const amount = escapeHtml(formatMoney(checkout.amountMinor, checkout.currency));
  const decided =
    checkout.status === 'created'
      ? ''
      : `<p class="note">This payment is already ${escapeHtml(checkout.status)}; choosing again returns you to the site without changing it.</p>`;
  return layout(
    `Approve ${amount} (sandbox)`,
    `<h1>Approve your payment</h1>
<p>The ArtToy Club asks you to approve this test payment.</p>
<dl><dt>Order</dt><dd>${escapeHtml(checkout.reference)}</dd><dt>Amount</dt><dd>${amount}</dd>${checkout.saveMethod ? '<dt>Saved method</dt><dd>Yes, for faster purchases</dd>' : ''}</dl>
${decided}
<form method="post" action="${escapeHtml(formAction)}">
<input type="hidden" name="token" value="${escapeHtml(checkout.id)}">
<div class="actions"><button type="submit" name="action" value="approve">Approve</button><button type="submit" name="action" value="cancel">Cancel</button></div>
</form>
<p class="note">Sandbox provider: approving here only records your choice. The site captures the payment on its server when you return.</p>`,
  );
}
