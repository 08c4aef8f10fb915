import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, mountRemote, type Handler } from '@arttoy/shared/testing';
import { clearPageReads } from '@arttoy/shared/query';
import * as app from '../app';
import { lockerItem } from '../test/locker-fixtures';
import { balanceOf, ledgerEntry, myListing, payout } from '../test/market-fixtures';
import { setAuth } from '../test/auth';
import { me } from '../test/me-fixtures';

jest.mock('@arttoy/shared/auth', () => ({
  ...jest.requireActual('@arttoy/shared/auth'),
  idToken: jest.fn(async () => 'test-token'),
}));

const ME = me('ada');
const PROFILE = {
  'GET /api/me': { body: ME },
  'GET /api/me/payment-methods': { body: { items: [] } },
  'GET /api/me/addresses': { body: { items: [] } },
};
const CAT = lockerItem(1, 'Lantern Cat');
const FOX = lockerItem(2, 'Noodle Fox');
const OWL = lockerItem(3, 'Moon Owl');
/** A sale of $25.00 (+2500, fee −125) and a payout of $10.00: a balance of $13.75. */
const ENTRIES = [
  ledgerEntry(3, 'payout', -1_000),
  ledgerEntry(2, 'fee', -125),
  ledgerEntry(1, 'sale', 2_500),
];

beforeEach(() => {
  clearPageReads();
  setAuth({ uid: ME.uid, displayName: ME.displayName, email: ME.email });
});

function mountProfile(market: Record<string, Handler | Handler[]>) {
  const api = fakeApi({ ...PROFILE, ...market });
  mountRemote({ name: 'mf_account', app, path: '/profile' });
  return api;
}

const region = (name: string) => screen.findByRole('region', { name }, { timeout: 5_000 });

describe('/profile: the market', () => {
  it('lists my listings with price, what I receive, state and a buyer’s hold', async () => {
    mountProfile({
      'GET /api/me/listings': {
        body: {
          items: [
            myListing(42, CAT, 2_500, { reserved: true }),
            myListing(41, FOX, 1_000, { status: 'sold', closedAt: '2026-11-23T10:00:00.000Z' }),
            myListing(40, OWL, 999, { status: 'withdrawn', closedAt: '2026-11-22T12:00:00.000Z' }),
          ],
        },
      },
      'GET /api/me/balance': { body: balanceOf([]) },
    });
    const listings = await region('Your listings');
    const rows = await within(listings).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Lantern Cat Night Marketlisted Nov 22, 2026$25.00 · you receive $23.75 after the $1.25 fee · For sale Reserved by a buyer',
      'Noodle Fox Night Marketlisted Nov 22, 2026 · sold Nov 23, 2026$10.00 · you received $9.50 after the $0.50 fee · Sold',
      'Moon Owl Night Marketlisted Nov 22, 2026 · withdrawn Nov 22, 2026$9.99 · you receive $9.49 after the $0.50 fee · Withdrawn',
    ]);
    expect(listings).toHaveTextContent('1 of 50 open listings.');
    expect(within(listings).getAllByRole('link', { name: 'your locker' })[0]).toHaveAttribute(
      'href',
      '/locker',
    );
  });

  it('invites a collector without listings to sell from the locker', async () => {
    mountProfile({
      'GET /api/me/listings': { body: { items: [] } },
      'GET /api/me/balance': { body: balanceOf([]) },
    });
    const listings = await region('Your listings');
    expect(await within(listings).findByText(/No listings yet/)).toBeInTheDocument();
    const balance = screen.getByRole('region', { name: 'Balance' });
    await waitFor(() => expect(within(balance).getByTestId('balance')).toHaveTextContent('$0.00'));
    expect(balance).toHaveTextContent(
      'Payouts start at $5.00: you can request one once your balance reaches it.',
    );
    expect(within(balance).queryByRole('form')).toBeNull();
    expect(balance).toHaveTextContent('No sales yet');
  });

  it('shows the balance, each recent change with its sign and kind, and the payout requests', async () => {
    mountProfile({
      'GET /api/me/listings': { body: { items: [] } },
      'GET /api/me/balance': { body: balanceOf(ENTRIES, [payout(3, 1_000)]) },
    });
    const balance = await region('Balance');
    await waitFor(() => expect(within(balance).getByTestId('balance')).toHaveTextContent('$13.75'));
    expect(
      within(within(balance).getByRole('list', { name: 'Recent changes of your balance' }))
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      'Payout to PayPal, ada@example.com · Nov 22, 2026−$10.00',
      'Market fee on the sale of Croissant Cub · Nov 22, 2026−$1.25',
      'Sale of Croissant Cub to @leo · Nov 22, 2026+$25.00',
    ]);
    expect(
      within(within(balance).getByRole('list', { name: 'Your payout requests' })).getByRole('listitem'),
    ).toHaveTextContent('Requested to PayPal, ada@example.com · Nov 22, 2026$10.00');
    // The form offers the last payout's destination again.
    expect(within(balance).getByRole('radio', { name: 'PayPal' })).toBeChecked();
    expect(within(balance).getByLabelText('PayPal e-mail')).toHaveValue('ada@example.com');
  });

  it('requests a payout: at least $5.00 and at most the balance, checked before sending; then reads the balance again', async () => {
    const api = mountProfile({
      'GET /api/me/listings': { body: { items: [] } },
      'GET /api/me/balance': [
        { body: balanceOf(ENTRIES) },
        { body: balanceOf([ledgerEntry(4, 'payout', -1_375), ...ENTRIES], [payout(4, 1_375)]) },
      ],
      'POST /api/me/payouts': { status: 201, body: payout(4, 1_375) },
    });
    const balance = await region('Balance');
    const form = await within(balance).findByRole('form', { name: 'Request payout' });
    const amount = within(form).getByLabelText('Amount');
    expect(amount).toHaveAccessibleDescription('From $5.00 up to your balance, $13.75.');
    await userEvent.type(amount, '4.99{Enter}');
    expect(amount).toHaveAccessibleDescription(
      'A payout is at least $5.00. From $5.00 up to your balance, $13.75.',
    );
    expect(amount).toHaveFocus();
    const email = within(form).getByLabelText('PayPal e-mail');
    expect(email).toHaveAccessibleDescription('Enter the e-mail address of your PayPal account.');
    // Each problem goes as soon as its field is fixed, before the next submit.
    await userEvent.clear(amount);
    await userEvent.type(amount, '5');
    expect(amount).toHaveAccessibleDescription('From $5.00 up to your balance, $13.75.');
    expect(amount).not.toHaveAttribute('aria-invalid');
    await userEvent.type(email, 'ada@example');
    expect(email).toHaveAccessibleDescription('Enter an e-mail address such as you@example.com.');
    await userEvent.type(email, '.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(email).not.toHaveAccessibleDescription(/./);
    await userEvent.clear(amount);
    await userEvent.type(amount, '13.76{Enter}');
    expect(amount).toHaveAccessibleDescription(/^You can request at most your balance, \$13\.75\./);
    expect(api.callsTo('POST', '/api/me/payouts')).toHaveLength(0);
    await userEvent.clear(amount);
    await userEvent.type(amount, '13.75');
    await userEvent.click(within(form).getByRole('button', { name: 'Request payout' }));
    await waitFor(() => expect(within(balance).getByTestId('balance')).toHaveTextContent('$0.00'));
    expect(within(balance).getByRole('status')).toHaveTextContent(
      'Payout of $13.75 requested: it is recorded as owed to you, below.',
    );
    expect(balance).toHaveTextContent('Payouts start at $5.00');
    expect(api.callsTo('POST', '/api/me/payouts')[0]?.body).toEqual({
      amountMinor: 1_375,
      destination: { method: 'paypal', email: 'ada@example.com' },
    });
    expect(api.callsTo('POST', '/api/me/payouts')[0]?.headers.get('authorization')).toBe('Bearer test-token');
    expect(within(balance).getByRole('list', { name: 'Your payout requests' })).toHaveTextContent('$13.75');
  });

  it('pays out to a bank account: holder and IBAN, the IBAN checked before sending', async () => {
    const api = mountProfile({
      'GET /api/me/listings': { body: { items: [] } },
      'GET /api/me/balance': [
        { body: balanceOf(ENTRIES) },
        {
          body: balanceOf(
            [ledgerEntry(4, 'payout', -500, { payoutId: 4 }), ...ENTRIES],
            [
              payout(4, 500, {
                method: 'bank',
                accountHolder: 'Ada Lovelace',
                iban: 'GB82WEST12345698765432',
              }),
            ],
          ),
        },
      ],
      'POST /api/me/payouts': {
        status: 201,
        body: payout(4, 500, {
          method: 'bank',
          accountHolder: 'Ada Lovelace',
          iban: 'GB82WEST12345698765432',
        }),
      },
    });
    const balance = await region('Balance');
    const form = await within(balance).findByRole('form', { name: 'Request payout' });
    await userEvent.click(within(form).getByRole('radio', { name: 'Bank account (IBAN)' }));
    expect(within(form).queryByLabelText('PayPal e-mail')).not.toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Amount'), '5');
    await userEvent.type(within(form).getByLabelText('Account holder'), 'Ada Lovelace');
    const iban = within(form).getByLabelText('IBAN');
    await userEvent.type(iban, 'GB00 WEST 1234 5698 7654 32{Enter}');
    expect(iban).toHaveFocus();
    expect(iban).toHaveAccessibleDescription(/^This IBAN does not check out/);
    expect(api.callsTo('POST', '/api/me/payouts')).toHaveLength(0);
    await userEvent.clear(iban);
    await userEvent.type(iban, 'GB82 WEST 1234 5698 7654 32');
    expect(iban).not.toHaveAttribute('aria-invalid');
    await userEvent.click(within(form).getByRole('button', { name: 'Request payout' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/me/payouts')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/me/payouts')[0]?.body).toEqual({
      amountMinor: 500,
      destination: { method: 'bank', accountHolder: 'Ada Lovelace', iban: 'GB82WEST12345698765432' },
    });
    expect(
      await within(balance).findByText(/Requested to Bank account of Ada Lovelace, IBAN GB82 … 5432/),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal of a payout and reads the balance again", async () => {
    mountProfile({
      'GET /api/me/listings': { body: { items: [] } },
      'GET /api/me/balance': [
        { body: balanceOf(ENTRIES) },
        { body: balanceOf([ledgerEntry(4, 'payout', -1_000), ...ENTRIES]) },
      ],
      'POST /api/me/payouts': {
        status: 409,
        body: {
          error: {
            code: 'conflict',
            message:
              'A payout of 1375 minor units is more than your balance (375). Ask for at most your balance (GET /api/me/balance).',
            details: { reason: 'over_balance' },
          },
        },
      },
    });
    const balance = await region('Balance');
    await userEvent.type(await within(balance).findByLabelText('PayPal e-mail'), 'ada@example.com');
    await userEvent.type(within(balance).getByLabelText('Amount'), '13.75{Enter}');
    expect(await within(balance).findByRole('alert')).toHaveTextContent(
      'The payout request did not go through. A payout of 1375 minor units is more than your balance (375).',
    );
    await waitFor(() => expect(within(balance).getByTestId('balance')).toHaveTextContent('$3.75'));
    expect(balance).toHaveTextContent('Payouts start at $5.00');
    expect(within(balance).getByRole('alert')).toHaveTextContent('more than your balance');
  });

  it('keeps the rest of the page when a market read fails, and retries it', async () => {
    mountProfile({
      'GET /api/me/listings': [
        { status: 500 },
        { status: 500 },
        { body: { items: [myListing(42, CAT, 2_500)] } },
      ],
      'GET /api/me/balance': { body: balanceOf(ENTRIES) },
    });
    const listings = await region('Your listings');
    expect(await within(listings).findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'Your listings could not be loaded.',
    );
    expect(screen.getByRole('form', { name: 'Public handle' })).toBeInTheDocument();
    await userEvent.click(within(listings).getByRole('button', { name: 'Try again' }));
    expect(await within(listings).findByRole('listitem')).toHaveTextContent('Lantern Cat');
  });
});
