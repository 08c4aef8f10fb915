import { useId, useState, type FormEvent } from 'react';
import { PAYOUT_MIN_MINOR, type PayoutDestination, type PayoutMethod } from '@arttoy/shared/contracts/api';
import { HttpError } from '@arttoy/shared/http';
import { Button, useFieldProblems } from '@arttoy/shared/ui';
import { requestPayout } from '../api/market';
import { ActionProblem } from '../market/action-problem';
import { checkPayout, usd } from '../market/amount';
import { AmountField } from '../market/amount-field';
import {
  checkDestination,
  DESTINATION_FIELDS,
  DESTINATION_LABELS,
  type DestinationField,
  type DestinationInput,
  destinationInput,
} from './payout-destination';

type Field = 'amount' | DestinationField;

const METHODS: Record<PayoutMethod, string> = { paypal: 'PayPal', bank: 'Bank account (IBAN)' };
const AUTOCOMPLETE: Record<DestinationField, string> = { email: 'email', accountHolder: 'name', iban: 'off' };

/** The server's field issues (`body.destination.iban`, `body.amountMinor`) on the form's fields. */
function serverProblems(error: unknown): Partial<Record<Field, string>> {
  const issues = error instanceof HttpError ? (error.details as { issues?: unknown } | null)?.issues : null;
  const problems: Partial<Record<Field, string>> = {};
  if (!Array.isArray(issues)) return problems;
  for (const issue of issues as { field?: unknown; reason?: unknown }[]) {
    const name = typeof issue.field === 'string' ? issue.field.split('.').at(-1) : undefined;
    const field = name === 'amountMinor' ? 'amount' : name;
    if (field && (field === 'amount' || field in DESTINATION_LABELS) && typeof issue.reason === 'string')
      problems[field as Field] =
        `${field === 'amount' ? 'Amount' : DESTINATION_LABELS[field as DestinationField]} ${issue.reason}.`;
  }
  return problems;
}

/**
 * "Request payout": an amount from PAYOUT_MIN_MINOR up to the balance, and where the money goes (a
 * PayPal account's e-mail, or a bank account's holder and IBAN; the last payout's is offered again),
 * each checked here first with the contract's rules (the server checks again); a field's problem
 * clears as soon as it is fixed. A request records what is owed; `onDone` reads the balance again,
 * as does a refusal for the balance (it changed meanwhile).
 */
export function PayoutForm({
  balanceMinor,
  lastDestination,
  onDone,
}: {
  balanceMinor: number;
  lastDestination: PayoutDestination | null;
  onDone: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const [to, setTo] = useState<DestinationInput>(() => destinationInput(lastDestination));
  const { problems, show, revise } = useFieldProblems<Field>();
  const [state, setState] = useState<{ busy: boolean; error: unknown; done: string | null }>({
    busy: false,
    error: null,
    done: null,
  });
  const fieldId = (field: Field) => `${id}-${field}`;
  const focusFirst = (found: Partial<Record<Field, string>>) => {
    const first = (['amount', ...DESTINATION_FIELDS[to.method]] as Field[]).find((field) => found[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };
  const changeDestination = (next: DestinationInput, field: DestinationField) => {
    setTo(next);
    revise(field, checkDestination(next).problems[field]);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = checkPayout(value, balanceMinor);
    const destination = checkDestination(to);
    const found = { ...(amount.problem ? { amount: amount.problem } : {}), ...destination.problems };
    show(found);
    if (amount.amountMinor === null || !destination.destination) {
      focusFirst(found);
      return;
    }
    setState({ busy: true, error: null, done: null });
    try {
      const payout = await requestPayout(amount.amountMinor, destination.destination);
      setValue('');
      setState({
        busy: false,
        error: null,
        done: `Payout of ${usd(payout.amount.amountMinor)} requested: it is recorded as owed to you, below.`,
      });
      onDone();
    } catch (error) {
      const refused = serverProblems(error);
      show(refused);
      focusFirst(refused);
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
          id={fieldId('amount')}
          label="Amount"
          value={value}
          onChange={(next) => {
            setValue(next);
            revise('amount', checkPayout(next, balanceMinor).problem);
          }}
          problem={problems.amount ?? null}
          hint={`From ${usd(PAYOUT_MIN_MINOR)} up to your balance, ${usd(balanceMinor)}.`}
        />
        <fieldset className="market-field payout-to">
          <legend>Pay to</legend>
          {(Object.keys(METHODS) as PayoutMethod[]).map((method) => (
            <label key={method} className="locker-pick">
              <input
                type="radio"
                name={`${id}-method`}
                value={method}
                checked={to.method === method}
                onChange={() => {
                  setTo({ ...to, method });
                  show(problems.amount ? { amount: problems.amount } : {});
                }}
              />
              {METHODS[method]}
            </label>
          ))}
        </fieldset>
        {DESTINATION_FIELDS[to.method].map((field) => (
          <div key={field} className="market-field">
            <label htmlFor={fieldId(field)}>{DESTINATION_LABELS[field]}</label>
            <input
              id={fieldId(field)}
              className="locker-input"
              type={field === 'email' ? 'email' : 'text'}
              autoComplete={AUTOCOMPLETE[field]}
              spellCheck={false}
              autoCapitalize={field === 'iban' ? 'characters' : undefined}
              value={to[field]}
              aria-invalid={problems[field] ? true : undefined}
              aria-describedby={problems[field] ? `${fieldId(field)}-problem` : undefined}
              onChange={(event) => changeDestination({ ...to, [field]: event.target.value }, field)}
            />
            {problems[field] ? (
              <p id={`${fieldId(field)}-problem`} className="locker-field__error">
                {problems[field]}
              </p>
            ) : null}
          </div>
        ))}
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
