import { useId, useRef, useState, type FormEvent } from 'react';
import { PAYOUT_MIN_MINOR } from '@arttoy/shared/contracts/api';
import { HttpError } from '@arttoy/shared/http';
import { Button } from '@arttoy/shared/ui';
import { requestPayout } from '../api/market';
import { ActionProblem } from '../market/action-problem';
import { checkPayout, usd } from '../market/amount';
import { AmountField } from '../market/amount-field';

/**
 * "Request payout": an amount from PAYOUT_MIN_MINOR up to the balance, checked here first (the
 * server checks again). A request records what is owed; `onDone` reads the balance again, as does
 * a refusal for the balance (it changed meanwhile).
 */
export function PayoutForm({ balanceMinor, onDone }: { balanceMinor: number; onDone: () => void }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [state, setState] = useState<{ busy: boolean; error: unknown; done: string | null }>({
    busy: false,
    error: null,
    done: null,
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPayout(value, balanceMinor);
    setProblem(checked.problem);
    if (checked.amountMinor === null) {
      field.current?.focus();
      return;
    }
    setState({ busy: true, error: null, done: null });
    try {
      const payout = await requestPayout(checked.amountMinor);
      setValue('');
      setState({
        busy: false,
        error: null,
        done: `Payout of ${usd(payout.amount.amountMinor)} requested: it is recorded as owed to you, below.`,
      });
      onDone();
    } catch (error) {
      setState({ busy: false, error, done: null });
      if (error instanceof HttpError && error.status === 409) onDone();
    }
  };
  // What happened stays in one place when the form gives way to the minimum's note (after a payout
  // of it all, or a refusal that finds the balance lower).
  const outcome = (
    <>
      {state.error ? <ActionProblem error={state.error} action="The payout request" /> : null}
      {state.done ? <p role="status">{state.done}</p> : null}
    </>
  );
  if (balanceMinor < PAYOUT_MIN_MINOR) {
    return (
      <>
        <p className="locker-muted">
          Payouts start at {usd(PAYOUT_MIN_MINOR)}: you can request one once your balance reaches it.
        </p>
        {outcome}
      </>
    );
  }
  return (
    <>
      <form
        className="market-form"
        aria-label="Request payout"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <AmountField
          id={`${id}-amount`}
          label="Amount"
          value={value}
          onChange={setValue}
          problem={problem}
          hint={`From ${usd(PAYOUT_MIN_MINOR)} up to your balance, ${usd(balanceMinor)}.`}
          inputRef={field}
        />
        <div className="locker-actions">
          <Button type="submit" disabled={state.busy}>
            {state.busy ? 'Requesting…' : 'Request payout'}
          </Button>
        </div>
      </form>
      {outcome}
    </>
  );
}
