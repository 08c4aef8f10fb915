import { useId } from 'react';
import { clientSeedProblem, createClientSeed } from '@arttoy/shared/fair';
import { Button } from '@arttoy/shared/ui';

/** The buyer's client seed: editable, checked as typed, with a one-click random one. */
export function ClientSeedField({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const problem = clientSeedProblem(value);
  return (
    <div className="mb-field">
      <label htmlFor={id}>Your client seed</label>
      <div className="mb-field__row">
        <input
          id={id}
          className="mb-input mb-mono"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-help`}
          autoComplete="off"
          spellCheck={false}
          maxLength={80}
          disabled={disabled}
        />
        <Button variant="secondary" onClick={() => onChange(createClientSeed())} disabled={disabled}>
          New random seed
        </Button>
      </div>
      <p id={`${id}-help`} className={problem ? 'mb-field__error' : 'mb-field__help'}>
        {problem ??
          'Mixed into your draw with our server seed, so neither side alone decides it. Letters, digits, "-", "_" or ".".'}
      </p>
    </div>
  );
}
