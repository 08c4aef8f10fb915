import { formatPrice, formatShortDate } from '@arttoy/shared/contracts';
import type { Balance, LedgerEntryKind, Payout } from '@arttoy/shared/contracts/api';

const KIND: Record<LedgerEntryKind, string> = { sale: 'Sale', fee: 'Market fee', payout: 'Payout' };
const PAYOUT_STATUS: Record<Payout['status'], string> = { requested: 'Requested' };

/** A signed amount: "+$23.75" credited, "−$1.25" debited (a real minus sign, read as "minus"). */
const signed = (amountMinor: number, currency: string) =>
  `${amountMinor < 0 ? '−' : '+'}${formatPrice({ amountMinor: Math.abs(amountMinor), currency })}`;

/** The latest changes of the balance, newest first, each with its sign and what it was. */
export function LedgerEntries({ entries }: { entries: Balance['entries'] }) {
  if (entries.length === 0)
    return <p className="locker-muted">No sales yet: each sale, its fee and each payout will show here.</p>;
  return (
    <ul className="market-rows" aria-label="Recent changes of your balance">
      {entries.map((entry) => (
        <li key={entry.id} data-kind={entry.kind}>
          <span>
            {KIND[entry.kind]}
            {entry.listingId ? <span className="locker-muted"> · listing {entry.listingId}</span> : null}
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
              {PAYOUT_STATUS[payout.status]}{' '}
              <span className="locker-muted">· {formatShortDate(payout.createdAt)}</span>
            </span>
            <strong>{formatPrice(payout.amount)}</strong>
          </li>
        ))}
      </ul>
    </>
  );
}
