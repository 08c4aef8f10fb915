import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@arttoy/shared/stores';
import { fakeApi, mountRemote } from '@arttoy/shared/testing';
import * as app from '../app';
import { ADDRESS, lockerItem, shipRequest } from '../test/locker-fixtures';

jest.mock('@arttoy/shared/auth', () => ({ ...jest.requireActual('@arttoy/shared/auth'), idToken: jest.fn(async () => 'test-token') }));

const CAT = lockerItem(1, 'Lantern Cat');
const FOX = lockerItem(2, 'Noodle Fox', { figure: { ...lockerItem(2, 'Noodle Fox').figure, rarity: 'secret' } });
const OWL = lockerItem(3, 'Moon Owl', { status: 'shipped', shipRequestedAt: '2026-11-19T10:00:00.000Z', shippedAt: '2026-11-20T10:00:00.000Z', shipRequestId: 9 });
const requested = (ids: number[]) => [CAT, FOX].map((item) => (ids.includes(item.id) ? { ...item, status: 'ship_requested' as const, shipRequestedAt: '2026-11-21T10:00:00.000Z', shipRequestId: 10 } : item));

beforeEach(() => {
  authStore.setState({ user: { uid: 'u-1', displayName: null, email: null }, loading: false, error: null, disabled: false, disabledReason: null, pendingProvider: null });
});

const figures = () => screen.findByRole('list', { name: 'Your figures' }, { timeout: 5_000 });

async function fillAddress(form: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await userEvent.type(within(form).getByLabelText(label), value);
}

describe('/locker', () => {
  it("shows the visitor's figures with art, series, status and draw proof", async () => {
    const api = fakeApi({ 'GET /api/locker': { body: { items: [CAT, FOX, OWL] } }, 'GET /api/locker/ship-requests': { body: { items: [] } } });
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    const cards = within(await figures()).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[0] as HTMLElement).getByRole('img', { name: 'Lantern Cat, figure 1 of Night Market' })).toHaveAttribute('src', '/api/art/101.svg');
    expect(cards[0]).toHaveTextContent('In your locker');
    expect(cards[1]).toHaveTextContent('Secret');
    expect(cards[2]).toHaveTextContent('Shipped');
    expect(within(cards[0] as HTMLElement).getByRole('link', { name: 'Draw proof' })).toHaveAttribute('href', '/mysterybox/test?draw=501');
    expect(within(cards[2] as HTMLElement).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/locker')[0]?.headers.get('authorization')).toBe('Bearer test-token');
  });

  it('invites a visitor with an empty locker to the boxes', async () => {
    fakeApi({ 'GET /api/locker': { body: { items: [] } }, 'GET /api/locker/ship-requests': { body: { items: [] } } });
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    expect(await screen.findByText(/Your locker is empty/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a mystery box' })).toHaveAttribute('href', '/mysterybox');
  });

  it('explains a failure and tries again', async () => {
    fakeApi({ 'GET /api/locker': [{ status: 500 }, { status: 500 }, { body: { items: [CAT] } }], 'GET /api/locker/ship-requests': { body: { items: [] } } });
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent('Your locker could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(within(await figures()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('ships chosen figures: checks the address beside each field, sends it, and shows the new status', async () => {
    const api = fakeApi({
      'GET /api/locker': [{ body: { items: [CAT, FOX] } }, { body: { items: requested([1, 2]) } }],
      'GET /api/locker/ship-requests': [{ body: { items: [] } }, { body: { items: [shipRequest(10, [1, 2])] } }],
      'POST /api/locker/ship-requests': { status: 201, body: shipRequest(10, [1, 2]) },
    });
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    await figures();
    expect(screen.getByRole('button', { name: /Ship\s+home/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Lantern Cat: Choose for shipping' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Noodle Fox: Choose for shipping' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ship 2 home' }));
    const form = await screen.findByRole('form', { name: 'Ship 2 figures home' });
    expect(within(form).getByRole('heading', { name: 'Ship 2 figures home' })).toHaveFocus();
    await fillAddress(form, { 'Postal code': '!!', 'Country code': 'Britain' });
    await userEvent.click(within(form).getByRole('button', { name: 'Request shipping' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please fix the fields marked below.');
    expect(within(form).getByLabelText('Full name')).toHaveAccessibleDescription('Enter your full name.');
    expect(within(form).getByLabelText('Postal code')).toHaveAccessibleDescription('Postal code must be letters, digits, spaces or dashes.');
    expect(within(form).getByLabelText('Country code')).toHaveAccessibleDescription(/Country code must be a two-letter ISO 3166-1 country code/);
    expect(within(form).getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/locker/ship-requests')).toHaveLength(0);
    for (const label of ['Postal code', 'Country code']) await userEvent.clear(within(form).getByLabelText(label));
    await fillAddress(form, { 'Full name': ADDRESS.name, 'Street and number': ADDRESS.line1, City: ADDRESS.city, 'Postal code': ADDRESS.postalCode, 'Country code': 'gb', Phone: ADDRESS.phone });
    await userEvent.click(within(form).getByRole('button', { name: 'Request shipping' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Shipping requested for 2 figures. You can cancel it below until it ships.');
    expect(api.callsTo('POST', '/api/locker/ship-requests')[0]?.body).toEqual({ itemIds: [1, 2], address: ADDRESS });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Your figures' })).getAllByText(/Ship requested/)).toHaveLength(2));
    expect(screen.getByRole('region', { name: 'Shipping requests' })).toHaveTextContent('Requested');
  });

  it('shows what the server refuses, beside the field it names', async () => {
    fakeApi({
      'GET /api/locker': { body: { items: [CAT] } },
      'GET /api/locker/ship-requests': { body: { items: [] } },
      'POST /api/locker/ship-requests': {
        status: 400,
        body: { error: { code: 'invalid_request', message: 'Invalid body field address.city: we do not ship there yet.', details: { issues: [{ field: 'body.address.city', reason: 'we do not ship there yet' }] } } },
      },
    });
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    await figures();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Lantern Cat: Choose for shipping' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ship 1 home' }));
    const form = await screen.findByRole('form', { name: 'Ship 1 figure home' });
    await fillAddress(form, { 'Full name': ADDRESS.name, 'Street and number': ADDRESS.line1, City: 'Atlantis', 'Postal code': ADDRESS.postalCode, 'Country code': 'GB', Phone: ADDRESS.phone });
    await userEvent.click(within(form).getByRole('button', { name: 'Request shipping' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Invalid body field address.city: we do not ship there yet.');
    expect(within(form).getByLabelText('City')).toHaveAccessibleDescription('City: we do not ship there yet');
  });

  it('cancels a request that has not shipped', async () => {
    const api = fakeApi({
      'GET /api/locker': [{ body: { items: requested([1]).slice(0, 1) } }, { body: { items: [CAT] } }],
      'GET /api/locker/ship-requests': [{ body: { items: [shipRequest(10, [1]), shipRequest(9, [3], { status: 'shipped', shippedAt: '2026-11-20T10:00:00.000Z' })] } }, { body: { items: [shipRequest(10, [1], { status: 'cancelled', cancelledAt: '2026-11-21T11:00:00.000Z' })] } }],
      'DELETE /api/locker/ship-requests/10': { body: shipRequest(10, [1], { status: 'cancelled', cancelledAt: '2026-11-21T11:00:00.000Z' }) },
    });
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    const requests = await screen.findByRole('region', { name: 'Shipping requests' }, { timeout: 5_000 });
    expect(within(requests).getAllByRole('button', { name: 'Cancel this request' })).toHaveLength(1);
    await userEvent.click(within(requests).getByRole('button', { name: 'Cancel this request' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Shipping requests' })).toHaveTextContent('Cancelled'));
    expect(within(screen.getByRole('list', { name: 'Your figures' })).getByRole('listitem')).toHaveTextContent('In your locker');
    expect(api.callsTo('DELETE', '/api/locker/ship-requests/10')).toHaveLength(1);
  });
});
