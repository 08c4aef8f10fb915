import type { SavedAddress } from '@arttoy/shared/contracts/api';
import { addressLine } from './address-line';

export type AddressChoice = number | 'new';

/** "Send to": the address book's addresses (newest first) and "A new address", one of them checked. */
export function SavedAddressChoice({
  name,
  saved,
  chosen,
  onChoose,
}: {
  name: string;
  saved: readonly SavedAddress[];
  chosen: AddressChoice;
  onChoose: (choice: AddressChoice) => void;
}) {
  return (
    <fieldset className="locker-choices">
      <legend>Send to</legend>
      {saved.map((entry) => (
        <label key={entry.id} className="locker-choice">
          <input type="radio" name={name} checked={chosen === entry.id} onChange={() => onChoose(entry.id)} />
          <span>{addressLine(entry.address)}</span>
        </label>
      ))}
      <label className="locker-choice">
        <input type="radio" name={name} checked={chosen === 'new'} onChange={() => onChoose('new')} />
        <span>A new address</span>
      </label>
    </fieldset>
  );
}
