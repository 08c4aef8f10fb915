import { shipOutAddressSchema, type ShipOutAddress } from '@arttoy/shared/contracts/api';

export type AddressField = keyof ShipOutAddress;
export type AddressInput = Record<AddressField, string>;
export type AddressProblems = Partial<Record<AddressField, string>>;

export const ADDRESS_LABELS: Record<AddressField, string> = {
  name: 'Full name',
  line1: 'Street and number',
  line2: 'Apartment, suite (optional)',
  city: 'City',
  region: 'State or province (optional)',
  postalCode: 'Postal code',
  country: 'Country',
  phone: 'Phone',
};

const OPTIONAL: readonly AddressField[] = ['line2', 'region'];

/**
 * Checks the form with the API's own schema (shipOutAddressSchema) and words each problem for the
 * field it belongs to. Empty optional fields are left out, as the API expects.
 */
export function checkAddress(input: AddressInput): {
  address: ShipOutAddress | null;
  problems: AddressProblems;
} {
  const candidate = Object.fromEntries(
    Object.entries(input).filter(
      ([field, value]) => !(OPTIONAL.includes(field as AddressField) && value.trim() === ''),
    ),
  );
  const parsed = shipOutAddressSchema.safeParse({
    ...candidate,
    country: input.country.trim().toUpperCase(),
  });
  if (parsed.success) return { address: parsed.data, problems: {} };
  const problems: AddressProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as AddressField | undefined;
    if (!field || problems[field]) continue;
    const label = ADDRESS_LABELS[field].replace(' (optional)', '');
    if (field === 'country')
      problems[field] =
        input.country.trim() === '' ? 'Choose your country.' : 'Choose your country from the list.';
    else if (input[field].trim() === '') problems[field] = `Enter your ${label.toLowerCase()}.`;
    else if (issue.code === 'too_big')
      problems[field] =
        `${label} is too long: at most ${String((issue as { maximum?: number | bigint }).maximum)} characters.`;
    else if (issue.code === 'too_small')
      problems[field] =
        `${label} is too short: at least ${String((issue as { minimum?: number | bigint }).minimum)} characters.`;
    else problems[field] = `${label} ${issue.message}.`;
  }
  return { address: null, problems };
}

/** Server field issues (`body.address.city`) mapped onto the form's fields. */
export function serverProblems(details: unknown): AddressProblems {
  const issues = (details as { issues?: { field?: unknown; reason?: unknown }[] } | null)?.issues;
  const problems: AddressProblems = {};
  if (!Array.isArray(issues)) return problems;
  for (const issue of issues) {
    const field = typeof issue.field === 'string' ? issue.field.split('.').at(-1) : undefined;
    if (field && field in ADDRESS_LABELS && typeof issue.reason === 'string')
      problems[field as AddressField] =
        `${ADDRESS_LABELS[field as AddressField].replace(' (optional)', '')}: ${issue.reason}`;
  }
  return problems;
}
