import type { ReactNode, Ref } from 'react';

/**
 * A dollar amount: a text field (a decimal keypad on phones; text rather than type=number, which
 * drops what it cannot read and scrolls with the wheel), its hint always read with it, and the
 * problem found, if any, beside it. Escape in it calls `onEscape` (a form that closes).
 */
export function AmountField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
  hint: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  onEscape?: () => void;
}) {
  const { id, label, value, onChange, problem, hint, inputRef, onEscape } = props;
  return (
    <div className="market-field">
      <label htmlFor={id}>{label}</label>
      <span className="market-amount">
        <span aria-hidden="true">$</span>
        <input
          id={id}
          ref={inputRef}
          className="locker-input"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          maxLength={16}
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem ${id}-hint` : `${id}-hint`}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && onEscape) onEscape();
          }}
        />
      </span>
      {problem ? (
        <p id={`${id}-problem`} className="locker-field__error">
          {problem}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="locker-field__help">
        {hint}
      </p>
    </div>
  );
}
