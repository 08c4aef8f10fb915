import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MAX_SAVED_ADDRESSES, type ShipOutAddress, type ShipRequest } from '@arttoy/shared/contracts/api';
import { HttpError, visitorMessage } from '@arttoy/shared/http';
import { Button, useFieldProblems } from '@arttoy/shared/ui';
import { useAccountQuery } from '../api/account-read';
import { addressBookRead, saveAddress } from '../api/addresses';
import { requestShipOut } from '../api/locker';
import { ADDRESS_FIELDS, AddressFields, addressFieldId, EMPTY_ADDRESS } from './address-fields';
import {
  ADDRESS_LABELS,
  checkAddress,
  serverProblems,
  type AddressField,
  type AddressInput,
  type AddressProblems,
} from './address-problems';
import { type AddressChoice, SavedAddressChoice } from './saved-address-choice';
import { ShipOutQuote } from './ship-out-quote';

/** What to fix, where it is: the fields (in the form's order) sit above the summary. */
function fixSummary(problems: AddressProblems): string {
  const labels = ADDRESS_FIELDS.filter((field) => problems[field]).map((field) => ADDRESS_LABELS[field]);
  return `Please fix ${labels.length === 1 ? 'the field' : `the ${labels.length} fields`} marked above: ${labels.join(', ')}.`;
}

/**
 * Where to send the chosen figures: an address of the visitor's address book (the newest is
 * checked, so a repeat ship-out is this form's one button) or a new one, which is saved for next
 * time unless they say not to. A new address is checked here with the API's own schema, so most
 * mistakes are caught before sending; what the server still refuses is shown beside its field or
 * above the button. The summary above the button names the fields to fix, and focus goes to the first.
 * Its fee is paid like a box: the form then goes to the request's order on the pay page (where a
 * saved payment method pays at once); `onDone` gets a request without one and, for a new address,
 * what became of saving it.
 */
export function ShipOutForm({
  itemIds,
  onDone,
  onClose,
}: {
  itemIds: number[];
  onDone: (request: ShipRequest, note: string | null) => void;
  onClose: () => void;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const book = useAccountQuery(addressBookRead);
  const saved = book.data?.items ?? [];
  const [choice, setChoice] = useState<AddressChoice | null>(null);
  const chosen: AddressChoice = choice ?? saved[0]?.id ?? 'new';
  const savedAddress =
    typeof chosen === 'number' ? saved.find((entry) => entry.id === chosen)?.address : undefined;
  const full = saved.length >= MAX_SAVED_ADDRESSES;
  const [keep, setKeep] = useState(true);
  const [input, setInput] = useState<AddressInput>(EMPTY_ADDRESS);
  const { problems, show: setProblems, revise } = useFieldProblems<AddressField>();
  /** A field's problem clears as soon as it is fixed (checked with the rest of the address). */
  const onFieldChange = (next: AddressInput, field: AddressField) => {
    setInput(next);
    revise(field, checkAddress(next).problems[field]);
  };
  // `error` is the server's refusal; after a refused check, the summary names the fields still to fix.
  const [state, setState] = useState<{ busy: boolean; error: string | null; fix?: boolean }>({
    busy: false,
    error: null,
  });
  useEffect(() => heading.current?.focus(), []);
  const focusFirst = (found: AddressProblems) => {
    const first = ADDRESS_FIELDS.find((field) => found[field]);
    if (first) document.getElementById(addressFieldId(id, first))?.focus();
  };
  /** Saves a new address after the ship-out went through: its failure never undoes the ship-out. */
  const keepAddress = async (address: ShipOutAddress): Promise<string | null> => {
    if (!keep || full) return null;
    try {
      await saveAddress(address);
      return 'The address is saved in your address book for next time.';
    } catch (error) {
      return `The address could not be saved in your address book: ${visitorMessage(error)}`;
    }
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    let address = savedAddress;
    if (!address) {
      const checked = checkAddress(input);
      setProblems(checked.problems);
      if (!checked.address) {
        setState({ busy: false, error: null, fix: true });
        focusFirst(checked.problems);
        return;
      }
      address = checked.address;
    }
    setState({ busy: true, error: null });
    try {
      const request = await requestShipOut(itemIds, address);
      const note = savedAddress ? null : await keepAddress(address);
      if (request.orderSn) navigate(`/payment/order_pay?order=${encodeURIComponent(request.orderSn)}`);
      else onDone(request, note);
    } catch (error) {
      if (error instanceof HttpError && !savedAddress) {
        const refused = serverProblems(error.details);
        setProblems(refused);
        focusFirst(refused);
      }
      setState({
        busy: false,
        error:
          error instanceof HttpError && error.status === 0
            ? 'We could not reach the shop. Check your connection, then try again.'
            : visitorMessage(error),
      });
    }
  };
  const summary =
    state.fix && chosen === 'new' && ADDRESS_FIELDS.some((field) => problems[field])
      ? fixSummary(problems)
      : state.error;
  return (
    <form
      className="locker-panel locker-form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
      aria-busy={book.status === 'pending'}
    >
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Ship out {itemIds.length} figure{itemIds.length === 1 ? '' : 's'}
      </h2>
      {book.status === 'pending' ? <p className="locker-muted">Loading your addresses…</p> : null}
      {book.status === 'error' ? (
        <p className="locker-muted">
          Your saved addresses could not be loaded ({visitorMessage(book.error)}); enter the address.
        </p>
      ) : null}
      {saved.length > 0 ? (
        <SavedAddressChoice name={`${id}-to`} saved={saved} chosen={chosen} onChoose={setChoice} />
      ) : null}
      {book.status !== 'pending' && chosen === 'new' ? (
        <>
          <AddressFields prefix={id} input={input} problems={problems} onChange={onFieldChange} />
          {full ? (
            <p className="locker-muted">
              Your address book is full ({MAX_SAVED_ADDRESSES} addresses): remove one on your profile to save
              more.
            </p>
          ) : (
            <label className="locker-pick">
              <input type="checkbox" checked={keep} onChange={(event) => setKeep(event.target.checked)} />
              Save this address for next time
            </label>
          )}
        </>
      ) : null}
      <ShipOutQuote country={savedAddress?.country ?? input.country} figures={itemIds.length} />
      {summary ? (
        <p className="locker-field__error" role="alert">
          {summary}
        </p>
      ) : null}
      <div className="locker-actions">
        <Button type="submit" disabled={state.busy || book.status === 'pending'}>
          {state.busy ? 'Sending…' : 'Ship out'}
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={state.busy}>
          Not now
        </Button>
      </div>
    </form>
  );
}
