import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ShipRequest } from '@arttoy/shared/contracts/api';
import { HttpError } from '@arttoy/shared/http';
import { Button } from '@arttoy/shared/ui';
import { requestShipOut } from '../api/locker';
import { ADDRESS_LABELS, checkAddress, serverProblems, type AddressField, type AddressInput, type AddressProblems } from './address-problems';

const EMPTY: AddressInput = { name: '', line1: '', line2: '', city: '', region: '', postalCode: '', country: '', phone: '' };
const AUTOCOMPLETE: Record<AddressField, string> = {
  name: 'name',
  line1: 'address-line1',
  line2: 'address-line2',
  city: 'address-level2',
  region: 'address-level1',
  postalCode: 'postal-code',
  country: 'country',
  phone: 'tel',
};
const HELP: Partial<Record<AddressField, string>> = { country: 'Two letters, such as US, GB or DE.', phone: 'The carrier calls if they cannot deliver.' };

/**
 * Where to send the chosen figures. Checked here with the API's own schema, so most mistakes are
 * caught before sending; what the server still refuses is shown beside its field or above the button.
 */
export function ShipOutForm({ itemIds, onDone, onClose }: { itemIds: number[]; onDone: (request: ShipRequest) => void; onClose: () => void }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [input, setInput] = useState<AddressInput>(EMPTY);
  const [problems, setProblems] = useState<AddressProblems>({});
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  useEffect(() => heading.current?.focus(), []);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { address, problems: found } = checkAddress(input);
    setProblems(found);
    if (!address) {
      setState({ busy: false, error: 'Please fix the fields marked below.' });
      return;
    }
    setState({ busy: true, error: null });
    try {
      onDone(await requestShipOut(itemIds, address));
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      if (failure instanceof HttpError) setProblems(serverProblems(failure.details));
      setState({ busy: false, error: failure instanceof HttpError && failure.status === 0 ? 'We could not reach the shop. Check your connection, then try again.' : failure.message });
    }
  };
  return (
    <form className="locker-panel locker-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Ship {itemIds.length} figure{itemIds.length === 1 ? '' : 's'} home
      </h2>
      <div className="locker-fields">
        {(Object.keys(ADDRESS_LABELS) as AddressField[]).map((field) => (
          <div key={field} className="locker-field">
            <label htmlFor={`${id}-${field}`}>{ADDRESS_LABELS[field]}</label>
            <input
              id={`${id}-${field}`}
              className="locker-input"
              value={input[field]}
              onChange={(event) => setInput({ ...input, [field]: event.target.value })}
              autoComplete={AUTOCOMPLETE[field]}
              type={field === 'phone' ? 'tel' : 'text'}
              aria-invalid={problems[field] ? true : undefined}
              aria-describedby={`${id}-${field}-message`}
            />
            <p id={`${id}-${field}-message`} className={problems[field] ? 'locker-field__error' : 'locker-field__help'}>
              {problems[field] ?? HELP[field] ?? ''}
            </p>
          </div>
        ))}
      </div>
      {state.error ? (
        <p className="locker-field__error" role="alert">
          {state.error}
        </p>
      ) : null}
      <div className="locker-actions">
        <Button type="submit" disabled={state.busy}>
          {state.busy ? 'Sending…' : 'Request shipping'}
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={state.busy}>
          Not now
        </Button>
      </div>
    </form>
  );
}
