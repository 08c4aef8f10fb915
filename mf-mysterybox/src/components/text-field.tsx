import { useId, type HTMLAttributes } from 'react';

/** A labelled text input with its message beside it (the error, when there is one). */
export function TextField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  help?: string;
  mono?: boolean;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
}) {
  const id = useId();
  return (
    <div className="mb-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        className={props.mono ? 'mb-input mb-mono' : 'mb-input'}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        inputMode={props.inputMode}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={`${id}-message`}
        autoComplete="off"
        spellCheck={false}
      />
      <p id={`${id}-message`} className={props.error ? 'mb-field__error' : 'mb-field__help'}>
        {props.error ?? props.help ?? ''}
      </p>
    </div>
  );
}
