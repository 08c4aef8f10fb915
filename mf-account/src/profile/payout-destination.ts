/**
 * Where a payout goes, as the payout form takes it: a PayPal e-mail, or a bank account's holder and
 * IBAN, checked here with the API's own schema (payoutDestinationInputSchema) and worded per field.
 */
import {
  type PayoutDestination,
  payoutDestinationInputSchema,
  type PayoutMethod,
} from '@arttoy/shared/contracts/api';

export type DestinationField = 'email' | 'accountHolder' | 'iban';
export type DestinationInput = { method: PayoutMethod } & Record<DestinationField, string>;

export const DESTINATION_LABELS: Record<DestinationField, string> = {
  email: 'PayPal e-mail',
  accountHolder: 'Account holder',
  iban: 'IBAN',
};

/** The fields a method asks for. */
export const DESTINATION_FIELDS: Record<PayoutMethod, DestinationField[]> = {
  paypal: ['email'],
  bank: ['accountHolder', 'iban'],
};

/** The form's first values: the destination of the latest payout, else an empty PayPal e-mail. */
export function destinationInput(last: PayoutDestination | null): DestinationInput {
  const empty = { email: '', accountHolder: '', iban: '' };
  if (!last) return { method: 'paypal', ...empty };
  return last.method === 'paypal'
    ? { ...empty, method: 'paypal', email: last.email }
    : { ...empty, method: 'bank', accountHolder: last.accountHolder, iban: last.iban };
}

function problemOf(field: DestinationField, value: string): string {
  if (value.trim() === '')
    return {
      email: 'Enter the e-mail address of your PayPal account.',
      accountHolder: 'Enter the account holder’s name, as your bank knows it.',
      iban: 'Enter your IBAN.',
    }[field];
  return {
    email: 'Enter an e-mail address such as you@example.com.',
    accountHolder: 'Enter the account holder’s full name (2 to 120 characters).',
    iban: 'This IBAN does not check out: copy it from your bank statement, such as GB82 WEST 1234 5698 7654 32.',
  }[field];
}

/** The destination the form describes, or each field's problem. */
export function checkDestination(input: DestinationInput): {
  destination: PayoutDestination | null;
  problems: Partial<Record<DestinationField, string>>;
} {
  const candidate =
    input.method === 'paypal'
      ? { method: 'paypal', email: input.email }
      : { method: 'bank', accountHolder: input.accountHolder, iban: input.iban };
  const parsed = payoutDestinationInputSchema.safeParse(candidate);
  if (parsed.success) return { destination: parsed.data, problems: {} };
  const problems: Partial<Record<DestinationField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as DestinationField;
    if (field in DESTINATION_LABELS && !problems[field]) problems[field] = problemOf(field, input[field]);
  }
  return { destination: null, problems };
}
