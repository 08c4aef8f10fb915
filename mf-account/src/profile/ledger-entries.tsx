import { formatPrice, formatShortDate } from '@arttoy/shared/contracts';
import {
  type Balance,
  type LedgerEntry,
  type Payout,
  payoutDestinationLabel,
} from '@arttoy/shared/contracts/api';
import { atHandle } from '../orders/format';
const PAYOUT_STATUS: Record<Payout['status'], string> = { requested: 'Requested' };

/** A signed amount: "+$23.75" credited, "−$1.25" debited (a real minus sign, read as "minus"). */
const signed = (amountMinor: number, currency: string) =>
  `${amountMinor < 0 ? '−' : '+'}${formatPrice({ amountMinor: Math.abs(amountMinor), currency })}`;

/**
 * What a change of the balance was, in words: "Sale of Croissant Cub to @leo", "Market fee on the
 * sale of Croissant Cub", "Payout to PayPal, ada@example.com".
 */
export function ledgerEntryText(entry: LedgerEntry, payouts: readonly Payout[] = []): string {
  if (entry.kind === 'payout') {
    const destination = payouts.find((payout) => payout.id === entry.payoutId)?.destination;
    return destination ? `Payout to ${payoutDestinationLabel(destination)}` : 'Payout';
  }
  if (!entry.sale) return entry.kind === 'sale' ? 'Sale' : 'Market fee';
  const { figureName, buyerHandle } = entry.sale;
  if (entry.kind === 'fee') return `Market fee on the sale of ${figureName}`;
  return `Sale of ${figureName} to ${buyerHandle ? atHandle(buyerHandle) : 'a collector'}`;
}

/** The latest changes of the balance, newest first, each with its sign and what it was. */
export function LedgerEntries({
  entries,
  payouts = [],
}: {
  entries: Balance['entries'];
  payouts?: readonly Payout[];
}) {
  if (entries.length === 0)
    return <p className="locker-muted">No sales yet: each sale, its fee and each payout will show here.</p>;
  return (
    <ul className="market-rows" aria-label="Recent changes of your balance">
      {entries.map((entry) => (
        <li key={entry.id} data-kind={entry.kind}>
          <span>
            {ledgerEntryText(entry, payouts)}
            <span className="locker-muted"> · {formatShortDate(entry.createdAt)}</span>
          </span>
          <strong className={entry.amountMinor < 0 ? undefined : 'market-amount-credit'}>
            {signed(entry.amountMinor, entry.currency)}
          </strong>
        </li>
      ))}
    </ul>
  );
}

/** My payout requests: what is recorded as owed (there is no payout rail yet). */
export function PayoutRequests({ payouts }: { payouts: Balance['payouts'] }) {
  if (payouts.length === 0) return null;
  return (
    <>
      <h3>Payout requests</h3>
      <ul className="market-rows" aria-label="Your payout requests">
        {payouts.map((payout) => (
          <li key={payout.id}>
            <span>
              {PAYOUT_STATUS[payout.status]}
              {payout.destination ? ` to ${payoutDestinationLabel(payout.destination)}` : ''}{' '}
              <span className="locker-muted">· {formatShortDate(payout.createdAt)}</span>
            </span>
            <strong>{formatPrice(payout.amount)}</strong>
          </li>
        ))}
      </ul>
    </>
  );
}
