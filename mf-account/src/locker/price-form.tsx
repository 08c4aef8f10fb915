import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MARKET_FEE_BPS, marketFeeMinor } from '@arttoy/shared/contracts/api';
import { Button, useFieldProblems } from '@arttoy/shared/ui';
import { ActionProblem } from '../market/action-problem';
import { checkPrice, usd } from '../market/amount';
import { AmountField } from '../market/amount-field';

const FEE_PERCENT = `${MARKET_FEE_BPS / 100}%`;

/** What the seller is credited on a sale at the price typed so far, with the contract's fee. */
function proceedsText(value: string): string {
  const { amountMinor } = checkPrice(value);
  if (amountMinor === null)
    return `The market keeps a ${FEE_PERCENT} fee of the price; you receive the rest.`;
  return `You receive ${usd(amountMinor - marketFeeMinor(amountMinor))} after the ${FEE_PERCENT} fee (${usd(marketFeeMinor(amountMinor))}).`;
}

/**
 * A listing's price, for a new listing or a new price: checked here with the contract's bounds
 * before sending; what the seller receives after the fee is said as they type. The field takes
 * focus when the form opens, and Escape in it closes the form.
 */
export function PriceForm({
  name,
  initial = '',
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
}: {
  name: string;
  initial?: string;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (priceMinor: number) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initial);
  // The problem clears as soon as the price typed is one that may be sent.
  const { problems, show, revise } = useFieldProblems<'price'>();
  const problem = problems.price ?? null;
  const [state, setState] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });
  useEffect(() => field.current?.focus(), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPrice(value);
    show(checked.problem ? { price: checked.problem } : {});
    if (checked.amountMinor === null) {
      field.current?.focus();
      return;
    }
    setState({ busy: true, error: null });
    try {
      await onSubmit(checked.amountMinor);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error });
    }
  };
  return (
    <form className="market-form" aria-label={name} noValidate onSubmit={(event) => void submit(event)}>
      <AmountField
        id={`${id}-price`}
        label="Price"
        value={value}
        onChange={(next) => {
          setValue(next);
          revise('price', checkPrice(next).problem);
        }}
        problem={problem}
        hint={proceedsText(value)}
        inputRef={field}
        onEscape={state.busy ? undefined : onCancel}
      />
      {state.error ? <ActionProblem error={state.error} action={submitLabel} /> : null}
      <div className="locker-actions">
        <Button type="submit" disabled={state.busy}>
          {state.busy ? busyLabel : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={state.busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
