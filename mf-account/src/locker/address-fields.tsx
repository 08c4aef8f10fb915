import { memo } from 'react';
import { countriesByName } from '@arttoy/shared/contracts/api';
import {
  ADDRESS_LABELS,
  type AddressField,
  type AddressInput,
  type AddressProblems,
} from './address-problems';

export const ADDRESS_FIELDS = Object.keys(ADDRESS_LABELS) as AddressField[];
export const EMPTY_ADDRESS: AddressInput = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
  phone: '',
};

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

const HELP: Partial<Record<AddressField, string>> = {
  phone: 'The carrier calls if they cannot deliver.',
};

/** The ISO countries by English name, after a blank first choice: made once, never re-rendered as the form changes. */
const CountryOptions = memo(function CountryOptions() {
  return (
    <>
      <option value="">Choose a country</option>
      {countriesByName().map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </>
  );
});

/** The id of a field's input, so a summary can send the focus there. */
export const addressFieldId = (prefix: string, field: AddressField) => `${prefix}-${field}`;

/**
 * The address inputs, each with its label and its help or problem beside it (described by it); the
 * country is chosen from the ISO countries by English name. `onChange` is told which field changed.
 */
export function AddressFields({
  prefix,
  input,
  problems,
  onChange,
}: {
  prefix: string;
  input: AddressInput;
  problems: AddressProblems;
  onChange: (input: AddressInput, field: AddressField) => void;
}) {
  return (
    <div className="locker-fields">
      {ADDRESS_FIELDS.map((field) => (
        <div key={field} className="locker-field">
          <label htmlFor={addressFieldId(prefix, field)}>{ADDRESS_LABELS[field]}</label>
          {field === 'country' ? (
            <select
              id={addressFieldId(prefix, field)}
              className="locker-input"
              value={input.country}
              onChange={(event) => onChange({ ...input, country: event.target.value }, field)}
              autoComplete={AUTOCOMPLETE.country}
              aria-invalid={problems.country ? true : undefined}
              aria-describedby={`${addressFieldId(prefix, field)}-message`}
            >
              <CountryOptions />
            </select>
          ) : (
            <input
              id={addressFieldId(prefix, field)}
              className="locker-input"
              value={input[field]}
              onChange={(event) => onChange({ ...input, [field]: event.target.value }, field)}
              autoComplete={AUTOCOMPLETE[field]}
              type={field === 'phone' ? 'tel' : 'text'}
              aria-invalid={problems[field] ? true : undefined}
              aria-describedby={`${addressFieldId(prefix, field)}-message`}
            />
          )}
          <p
            id={`${addressFieldId(prefix, field)}-message`}
            className={problems[field] ? 'locker-field__error' : 'locker-field__help'}
          >
            {problems[field] ?? HELP[field] ?? ''}
          </p>
        </div>
      ))}
    </div>
  );
}
