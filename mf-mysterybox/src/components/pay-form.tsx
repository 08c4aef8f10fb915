import { useState, type FormEvent } from 'react';
import type { PaymentProvider, SavedPaymentMethod } from '@arttoy/shared/contracts/api';
import { Button } from '@arttoy/shared/ui';

/** What the buyer chose: a provider (with or without saving it), or a saved method. */
export type PayChoice = { provider: PaymentProvider; saveMethod: boolean; vaultToken?: string };

const PROVIDER_LABELS: Record<PaymentProvider, string> = {
  sandbox: 'Test payment (sandbox: no real money moves)',
  paypal: 'PayPal',
};

const savedChoice = (method: SavedPaymentMethod) => `vault:${method.vaultToken}`;

/**
 * The way checked until the buyer picks one: the saved method they paid with last, else their newest
 * saved method (a returning buyer pays in one step), else the provider they chose last, else the first.
 */
export function preselectedChoice(
  options: readonly string[],
  saved: readonly SavedPaymentMethod[],
  initial: string,
): string {
  if (initial.startsWith('vault:') && options.includes(initial)) return initial;
  const newestSaved = saved[0];
  if (newestSaved) return savedChoice(newestSaved);
  return options.includes(initial) ? initial : (options[0] ?? 'sandbox');
}

/**
 * The pay ways: the providers the shop offers and the buyer's saved methods (paid at once, no
 * approval step). `initial` is the payment store's payWayChecked.
 */
export function PayForm(props: {
  providers: readonly PaymentProvider[];
  saved: readonly SavedPaymentMethod[];
  initial: string;
  busy: boolean;
  onPay: (choice: PayChoice) => void;
}) {
  const options = [...props.saved.map(savedChoice), ...props.providers];
  // Derived until the buyer picks: the lists may change after the first render (providers read late).
  const [picked, setChoice] = useState<string | null>(null);
  const choice =
    picked !== null && options.includes(picked)
      ? picked
      : preselectedChoice(options, props.saved, props.initial);
  const [save, setSave] = useState(false);
  const savedMethod = props.saved.find((method) => savedChoice(method) === choice);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (savedMethod)
      props.onPay({ provider: savedMethod.provider, saveMethod: false, vaultToken: savedMethod.vaultToken });
    else props.onPay({ provider: choice as PaymentProvider, saveMethod: save });
  };
  return (
    <form className="mb-panel" onSubmit={onSubmit} aria-labelledby="mb-pay-title">
      <h2 id="mb-pay-title">Pay with</h2>
      <fieldset className="mb-choices">
        <legend className="visually-hidden">Payment method</legend>
        {props.saved.map((method) => (
          <label key={method.vaultToken} className="mb-choice">
            <input
              type="radio"
              name="pay-way"
              value={savedChoice(method)}
              checked={choice === savedChoice(method)}
              onChange={() => setChoice(savedChoice(method))}
            />
            Saved: {method.label} <span className="mb-muted">(pays at once)</span>
          </label>
        ))}
        {props.providers.map((provider) => (
          <label key={provider} className="mb-choice">
            <input
              type="radio"
              name="pay-way"
              value={provider}
              checked={choice === provider}
              onChange={() => setChoice(provider)}
            />
            {PROVIDER_LABELS[provider]}
          </label>
        ))}
      </fieldset>
      {savedMethod ? null : (
        <label className="mb-choice">
          <input type="checkbox" checked={save} onChange={(event) => setSave(event.target.checked)} />
          Save this method so next time needs no approval step
        </label>
      )}
      <Button type="submit" disabled={props.busy}>
        {props.busy ? 'Starting payment…' : savedMethod ? 'Pay now' : 'Continue to payment'}
      </Button>
    </form>
  );
}
