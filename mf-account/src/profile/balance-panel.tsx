import { formatPrice } from '@arttoy/shared/contracts';
import { useAccountQuery } from '../api/account-read';
import { balanceRead } from '../api/market';
import { ReadError } from '../shared/read-error';
import { LedgerEntries, PayoutRequests } from './ledger-entries';
import { PayoutForm } from './payout-form';

/** My balance from sales (the sum of my ledger), a payout request, and what changed it lately. */
export function BalancePanel() {
  const state = useAccountQuery(balanceRead);
  let body;
  if (state.status === 'pending') body = <p className="locker-muted">Loading your balance…</p>;
  else if (state.status === 'error')
    body = <ReadError title="Your balance could not be loaded." error={state.error} onRetry={state.retry} />;
  else {
    const { balance, entries, payouts } = state.data;
    body = (
      <>
        <p className="market-balance" data-testid="balance">
          {formatPrice(balance)}
        </p>
        <p className="locker-muted">
          What your sales earned after the market&apos;s fee, less the payouts you requested.
        </p>
        <PayoutForm
          balanceMinor={balance.amountMinor}
          lastDestination={payouts.find((payout) => payout.destination)?.destination ?? null}
          onDone={state.refresh}
        />
        <h3>Recent changes</h3>
        <LedgerEntries entries={entries} payouts={payouts} />
        <PayoutRequests payouts={payouts} />
      </>
    );
  }
  return (
    <section className="locker-panel" aria-labelledby="profile-balance">
      <h2 id="profile-balance">Balance</h2>
      {body}
    </section>
  );
}
