import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, mountRemote } from '@arttoy/shared/testing';
import { clearPageReads } from '@arttoy/shared/query';
import { USER_ID_STORAGE_KEY } from '@arttoy/shared/stores';
import * as app from '../app';
import { ADDRESS, lockerItem, shipRequest } from '../test/locker-fixtures';
import { setAuth } from '../test/auth';

jest.mock('@arttoy/shared/auth', () => ({
  ...jest.requireActual('@arttoy/shared/auth'),
  idToken: jest.fn(async () => 'test-token'),
}));

const CAT = lockerItem(1, 'Lantern Cat');
const FOX = lockerItem(2, 'Noodle Fox', {
  figure: { ...lockerItem(2, 'Noodle Fox').figure, rarity: 'secret' },
});
const OWL = lockerItem(3, 'Moon Owl', {
  status: 'shipped',
  shipRequestedAt: '2026-11-19T10:00:00.000Z',
  shippedAt: '2026-11-20T10:00:00.000Z',
  shipRequestId: 9,
});
const requested = (ids: number[]) =>
  [CAT, FOX].map((item) =>
    ids.includes(item.id)
      ? {
          ...item,
          status: 'ship_requested' as const,
          shipRequestedAt: '2026-11-21T10:00:00.000Z',
          shipRequestId: 10,
        }
      : item,
  );

beforeEach(() => {
  clearPageReads();
  localStorage.clear();
  setAuth({ uid: 'u-1', displayName: null, email: null });
});

const figures = () => screen.findByRole('list', { name: 'Your figures' }, { timeout: 5_000 });

/**
 * Chooses an option of a select by its value or its text, as a change event (userEvent's
 * selectOptions checks every one of the 249 countries' pointer events, seconds on a busy machine).
 */
function chooseOption(select: HTMLElement, valueOrText: string) {
  const option = Array.from((select as HTMLSelectElement).options).find(
    (each) => each.value === valueOrText || each.text === valueOrText,
  );
  if (!option) throw new Error(`No option ${valueOrText}`);
  fireEvent.change(select, { target: { value: option.value } });
}

/** Fills the address fields: each value pasted at the end of its field (one change each), a country chosen. */
async function fillAddress(form: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = within(form).getByLabelText(label);
    if (field instanceof HTMLSelectElement) chooseOption(field, value);
    else {
      await userEvent.click(field);
      await userEvent.paste(value);
    }
  }
}

describe('/locker', () => {
  it("shows the visitor's figures with art, series, status and draw proof", async () => {
    const api = fakeApi({
      'GET /api/locker': { body: { items: [CAT, FOX, OWL] } },
      'GET /api/locker/ship-requests': { body: { items: [] } },
    });
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    const cards = within(await figures()).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(
      within(cards[0] as HTMLElement).getByRole('img', { name: 'Lantern Cat, figure 1 of Night Market' }),
    ).toHaveAttribute('src', '/api/art/101.svg');
    expect(cards[0]).toHaveTextContent('In your locker');
    expect(cards[1]).toHaveTextContent('Secret');
    expect(cards[2]).toHaveTextContent('Shipped');
    expect(within(cards[0] as HTMLElement).getByRole('link', { name: 'Draw proof' })).toHaveAttribute(
      'href',
      '/mysterybox/test?draw=501',
    );
    expect(within(cards[2] as HTMLElement).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/locker')[0]?.headers.get('authorization')).toBe('Bearer test-token');
  });

  it('on a return visit shows the figures of the last one at once, before sign-in is known, then reads them again', async () => {
    // The last visit, by the visitor this browser signed in.
    localStorage.setItem(USER_ID_STORAGE_KEY, 'u-1');
    const api = fakeApi({
      'GET /api/locker': [{ body: { items: [CAT] } }, { body: { items: [CAT, FOX] } }],
      'GET /api/locker/ship-requests': { body: { items: [] } },
    });
    const last = mountRemote({ name: 'mf_account', app, path: '/locker' });
    expect(within(await figures()).getAllByRole('listitem')).toHaveLength(1);
    last.unmount();

    // A new page: Firebase has not reported yet, and no ID token is there to read with.
    setAuth(null, true);
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    expect(within(await figures()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('status', { name: 'Loading your locker' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/locker')).toHaveLength(1);

    setAuth({ uid: 'u-1', displayName: null, email: null });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Your figures' })).getAllByRole('listitem'),
      ).toHaveLength(2),
    );
    expect(api.callsTo('GET', '/api/locker')).toHaveLength(2);
  });

  it('shows no figures kept for a visitor sign-in then does not confirm', async () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, 'u-1');
    fakeApi({
      'GET /api/locker': { body: { items: [CAT] } },
      'GET /api/locker/ship-requests': { body: { items: [] } },
    });
    const last = mountRemote({ name: 'mf_account', app, path: '/locker' });
    await figures();
    last.unmount();

    setAuth(null, true);
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    await figures();
    setAuth({ uid: 'u-2', displayName: null, email: null });
    await waitFor(() => expect(screen.queryByText('Lantern Cat')).not.toBeInTheDocument());
  });

  it('invites a visitor with an empty locker to the boxes', async () => {
    fakeApi({
      'GET /api/locker': { body: { items: [] } },
      'GET /api/locker/ship-requests': { body: { items: [] } },
    });
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    expect(await screen.findByText(/Your locker is empty/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a mystery box' })).toHaveAttribute('href', '/mysterybox');
  });

  it('explains a failure and tries again', async () => {
    fakeApi({
      'GET /api/locker': [{ status: 500 }, { status: 500 }, { body: { items: [CAT] } }],
      'GET /api/locker/ship-requests': { body: { items: [] } },
    });
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'Your locker could not be loaded.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(within(await figures()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('ships chosen figures: checks the address beside each field, sends it, and shows the new status', async () => {
    const api = fakeApi({
      'GET /api/locker': [{ body: { items: [CAT, FOX] } }, { body: { items: requested([1, 2]) } }],
      'GET /api/locker/ship-requests': [
        { body: { items: [] } },
        { body: { items: [shipRequest(10, [1, 2])] } },
      ],
      'POST /api/locker/ship-requests': { status: 201, body: shipRequest(10, [1, 2]) },
      'GET /api/me/addresses': { body: { items: [] } },
      'POST /api/me/addresses': {
        status: 201,
        body: { id: 3, address: ADDRESS, createdAt: '2026-11-21T10:00:00.000Z' },
      },
    });
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    await figures();
    expect(screen.getByRole('button', { name: 'Ship out' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Lantern Cat: Choose for shipping' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Noodle Fox: Choose for shipping' }));
    expect(screen.getByText('2 chosen.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ship out' }));
    const form = await screen.findByRole('form', { name: 'Ship out 2 figures' });
    expect(within(form).getByRole('heading', { name: 'Ship out 2 figures' })).toHaveFocus();
    expect(within(form).getByTestId('ship-out-quote')).toHaveTextContent(
      'Choose the country to see the shipping fee.',
    );
    expect(within(form).getByRole('link', { name: 'Fees by destination' })).toHaveAttribute(
      'href',
      '/rules/shipping_and_refund',
    );
    await fillAddress(form, { 'Postal code': '!!' });
    await userEvent.click(within(form).getByRole('button', { name: 'Ship out' }));
    // The summary sits below the fields, above the button: it says so, names them, and focus goes to the first.
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Please fix the 6 fields marked above: Full name, Street and number, City, Postal code, Country, Phone.',
    );
    expect(within(form).getByLabelText('Full name')).toHaveFocus();
    expect(
      within(form).getByLabelText('Phone').compareDocumentPosition(within(form).getByRole('alert')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(within(form).getByLabelText('Full name')).toHaveAccessibleDescription('Enter your full name.');
    expect(within(form).getByLabelText('Postal code')).toHaveAccessibleDescription(
      'Postal code must be letters, digits, spaces or dashes.',
    );
    expect(within(form).getByLabelText('Country')).toHaveAccessibleDescription('Choose your country.');
    expect(within(form).getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/api/locker/ship-requests')).toHaveLength(0);
    // A field's problem goes as soon as the field is fixed, before the next submit; the others stay.
    await userEvent.type(within(form).getByLabelText('Full name'), ADDRESS.name);
    expect(within(form).getByLabelText('Full name')).not.toHaveAttribute('aria-invalid');
    expect(within(form).getByLabelText('Full name')).not.toHaveAccessibleDescription('Enter your full name.');
    chooseOption(within(form).getByLabelText('Country'), 'United Kingdom');
    expect(within(form).getByLabelText('Country')).not.toHaveAttribute('aria-invalid');
    expect(within(form).getByLabelText('City')).toHaveAccessibleDescription('Enter your city.');
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Please fix the 4 fields marked above: Street and number, City, Postal code, Phone.',
    );
    // A field still wrong keeps its problem, worded for what it holds now.
    await userEvent.clear(within(form).getByLabelText('Postal code'));
    expect(within(form).getByLabelText('Postal code')).toHaveAccessibleDescription('Enter your postal code.');
    await userEvent.clear(within(form).getByLabelText('Full name'));
    await fillAddress(form, {
      'Full name': ADDRESS.name,
      'Street and number': ADDRESS.line1,
      City: ADDRESS.city,
      'Postal code': ADDRESS.postalCode,
      Country: 'GB',
      Phone: ADDRESS.phone,
    });
    expect(within(form).getByTestId('ship-out-quote')).toHaveTextContent(
      'Shipping fee to United Kingdom (United Kingdom and EU): $14.99 for 2 figures, typically 6-12 working days.',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Ship out' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Ship-out requested for 2 figures. You can cancel it below until it ships. The address is saved in your address book for next time.',
    );
    expect(api.callsTo('POST', '/api/locker/ship-requests')[0]?.body).toEqual({
      itemIds: [1, 2],
      address: ADDRESS,
    });
    expect(api.callsTo('POST', '/api/me/addresses')[0]?.body).toEqual({ address: ADDRESS });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Your figures' })).getAllByText(/Ship requested/),
      ).toHaveLength(2),
    );
    expect(screen.getByRole('region', { name: 'Shipping requests' })).toHaveTextContent('Requested');
  });

  it('quotes the fee of the shipping page for the destination and the number of figures, as the country changes', async () => {
    const many = [1, 2, 3, 4, 5, 6, 7].map((id) => lockerItem(id, `Figure ${id}`));
    fakeApi({
      'GET /api/locker': { body: { items: many } },
      'GET /api/locker/ship-requests': { body: { items: [] } },
    });
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    await figures();
    for (const item of many)
      await userEvent.click(
        screen.getByRole('checkbox', { name: `${item.figure.name}: Choose for shipping` }),
      );
    await userEvent.click(screen.getByRole('button', { name: 'Ship out' }));
    const form = await screen.findByRole('form', { name: 'Ship out 7 figures' });
    const country = within(form).getByLabelText('Country');
    const quote = within(form).getByTestId('ship-out-quote');
    chooseOption(country, 'United States');
    expect(quote).toHaveTextContent(
      'Shipping fee to United States (United States): $6.49 for 7 figures, typically 3-6 working days.',
    );
    chooseOption(country, 'Japan');
    expect(quote).toHaveTextContent(
      'Shipping fee to Japan (Rest of world): $21.49 for 7 figures, typically 8-20 working days.',
    );
    chooseOption(country, 'Choose a country');
    expect(quote).toHaveTextContent('Choose the country to see the shipping fee.');
  });

  it('offers the saved addresses, the newest checked: a repeat ship-out is one more tap, and saves nothing again', async () => {
    const book = [
      {
        id: 8,
        address: {
          ...ADDRESS,
          name: 'Ada at work',
          line1: '1 Office Park',
          country: 'US',
          postalCode: '10001',
          city: 'New York',
        },
        createdAt: '2026-11-22T10:00:00.000Z',
      },
      { id: 7, address: ADDRESS, createdAt: '2026-11-20T10:00:00.000Z' },
    ];
    const api = fakeApi({
      'GET /api/locker': { body: { items: [CAT] } },
      'GET /api/locker/ship-requests': { body: { items: [] } },
      'GET /api/me/addresses': { body: { items: book } },
      'POST /api/locker/ship-requests': {
        status: 201,
        body: shipRequest(11, [1], { address: book[0]?.address }),
      },
    });
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    await figures();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Lantern Cat: Choose for shipping' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ship out' }));
    const form = await screen.findByRole('form', { name: 'Ship out 1 figure' });
    const sendTo = await within(form).findByRole('group', { name: 'Send to' });
    expect(
      within(sendTo)
        .getAllByRole('radio')
        .map((radio) => [
          (radio as HTMLInputElement).labels?.[0]?.textContent,
          (radio as HTMLInputElement).checked,
        ]),
    ).toEqual([
      ['Ada at work, 1 Office Park, New York 10001, US', true],
      ['Ada Lovelace, 12 Market Street, London N1 9GU, GB', false],
      ['A new address', false],
    ]);
    expect(within(form).queryByLabelText('Full name')).toBeNull();
    expect(within(form).getByTestId('ship-out-quote')).toHaveTextContent(
      'Shipping fee to United States (United States): $5.99 for 1 figure',
    );
    await userEvent.click(
      within(sendTo).getByRole('radio', { name: 'Ada Lovelace, 12 Market Street, London N1 9GU, GB' }),
    );
    expect(within(form).getByTestId('ship-out-quote')).toHaveTextContent(
      'Shipping fee to United Kingdom (United Kingdom and EU): $14.99 for 1 figure',
    );
    await userEvent.click(
      within(sendTo).getByRole('radio', { name: 'Ada at work, 1 Office Park, New York 10001, US' }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Ship out' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Ship-out requested for 1 figure\. You can cancel it below until it ships\.$/,
    );
    expect(api.callsTo('POST', '/api/locker/ship-requests')[0]?.body).toEqual({
      itemIds: [1],
      address: book[0]?.address,
    });
    expect(api.callsTo('POST', '/api/me/addresses')).toHaveLength(0);
  });

  it('takes a new address beside the saved ones, saved unless the visitor says not to; a full book saves none', async () => {
    const full = Array.from({ length: 10 }, (_unused, index) => ({
      id: index + 1,
      address: { ...ADDRESS, line1: `${index + 1} Market Street` },
      createdAt: '2026-11-20T10:00:00.000Z',
    }));
    const api = fakeApi({
      'GET /api/locker': { body: { items: [CAT] } },
      'GET /api/locker/ship-requests': { body: { items: [] } },
      'GET /api/me/addresses': [{ body: { items: full.slice(0, 1) } }, { body: { items: full } }],
      'POST /api/locker/ship-requests': { status: 201, body: shipRequest(11, [1]) },
    });
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    await figures();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Lantern Cat: Choose for shipping' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ship out' }));
    let form = await screen.findByRole('form', { name: 'Ship out 1 figure' });
    await userEvent.click(await within(form).findByRole('radio', { name: 'A new address' }));
    const keep = within(form).getByRole('checkbox', { name: 'Save this address for next time' });
    expect(keep).toBeChecked();
    await userEvent.click(keep);
    await fillAddress(form, {
      'Full name': ADDRESS.name,
      'Street and number': '9 Canal Way',
      City: ADDRESS.city,
      'Postal code': ADDRESS.postalCode,
      Country: 'GB',
      Phone: ADDRESS.phone,
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Ship out' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/until it ships\.$/);
    expect(api.callsTo('POST', '/api/locker/ship-requests')[0]?.body).toMatchObject({
      address: { line1: '9 Canal Way' },
    });
    expect(api.callsTo('POST', '/api/me/addresses')).toHaveLength(0);
    // With ten saved, the form says the book is full instead of offering to save.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Lantern Cat: Choose for shipping' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ship out' }));
    form = await screen.findByRole('form', { name: 'Ship out 1 figure' });
    await userEvent.click(await within(form).findByRole('radio', { name: 'A new address' }));
    expect(within(form).queryByRole('checkbox', { name: 'Save this address for next time' })).toBeNull();
    expect(form).toHaveTextContent(
      'Your address book is full (10 addresses): remove one on your profile to save more.',
    );
  });

  it('shows what the server refuses, beside the field it names', async () => {
    fakeApi({
      'GET /api/locker': { body: { items: [CAT] } },
      'GET /api/locker/ship-requests': { body: { items: [] } },
      'POST /api/locker/ship-requests': {
        status: 400,
        body: {
          error: {
            code: 'invalid_request',
            message: 'Invalid body field address.city: we do not ship there yet.',
            details: { issues: [{ field: 'body.address.city', reason: 'we do not ship there yet' }] },
          },
        },
      },
    });
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    await figures();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Lantern Cat: Choose for shipping' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ship out' }));
    const form = await screen.findByRole('form', { name: 'Ship out 1 figure' });
    await fillAddress(form, {
      'Full name': ADDRESS.name,
      'Street and number': ADDRESS.line1,
      City: 'Atlantis',
      'Postal code': ADDRESS.postalCode,
      Country: 'GB',
      Phone: ADDRESS.phone,
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Ship out' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Invalid body field address.city: we do not ship there yet.',
    );
    expect(within(form).getByLabelText('City')).toHaveAccessibleDescription('City: we do not ship there yet');
    expect(within(form).getByLabelText('City')).toHaveFocus();
  });

  it("shows each request's status, fee, and once shipped its carrier and tracking number", async () => {
    fakeApi({
      'GET /api/locker': { body: { items: [OWL, ...requested([1])] } },
      'GET /api/locker/ship-requests': {
        body: {
          items: [
            shipRequest(10, [1], {
              address: { ...ADDRESS, country: 'US' },
              fee: { amountMinor: 599, currency: 'USD' },
            }),
            shipRequest(9, [3], {
              status: 'shipped',
              shippedAt: '2026-11-22T10:00:00.000Z',
              carrier: 'Royal Mail',
              trackingNumber: 'RM123456789GB',
            }),
          ],
        },
      },
    });
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    const requests = await screen.findByRole('region', { name: 'Shipping requests' }, { timeout: 5_000 });
    const [waiting, shipped] = within(requests).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(waiting).toHaveTextContent(
      'Requested · requested Nov 21, 2026 · to Ada Lovelace, London (US) · fee $5.99',
    );
    expect(waiting).not.toHaveTextContent('tracking number');
    expect(within(waiting).getByRole('button', { name: 'Cancel this request' })).toBeEnabled();
    expect(shipped).toHaveTextContent(
      'Shipped · requested Nov 21, 2026 · shipped Nov 22, 2026 · to Ada Lovelace, London (GB) · fee $14.99',
    );
    expect(shipped).toHaveTextContent('Royal Mail tracking number RM123456789GB');
    expect(shipped).toHaveTextContent('Moon Owl');
    expect(within(shipped).queryByRole('button')).toBeNull();
  });

  it('cancels a request that has not shipped', async () => {
    const api = fakeApi({
      'GET /api/locker': [{ body: { items: requested([1]).slice(0, 1) } }, { body: { items: [CAT] } }],
      'GET /api/locker/ship-requests': [
        {
          body: {
            items: [
              shipRequest(10, [1]),
              shipRequest(9, [3], { status: 'shipped', shippedAt: '2026-11-20T10:00:00.000Z' }),
            ],
          },
        },
        {
          body: {
            items: [shipRequest(10, [1], { status: 'cancelled', cancelledAt: '2026-11-21T11:00:00.000Z' })],
          },
        },
      ],
      'DELETE /api/locker/ship-requests/10': {
        body: shipRequest(10, [1], { status: 'cancelled', cancelledAt: '2026-11-21T11:00:00.000Z' }),
      },
    });
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    const requests = await screen.findByRole('region', { name: 'Shipping requests' }, { timeout: 5_000 });
    expect(within(requests).getAllByRole('button', { name: 'Cancel this request' })).toHaveLength(1);
    await userEvent.click(within(requests).getByRole('button', { name: 'Cancel this request' }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Shipping requests' })).toHaveTextContent('Cancelled'),
    );
    expect(
      within(screen.getByRole('list', { name: 'Your figures' })).getByRole('listitem'),
    ).toHaveTextContent('In your locker');
    expect(api.callsTo('DELETE', '/api/locker/ship-requests/10')).toHaveLength(1);
  });

  it('goes to the pay page of the ship-out fee once the request is made: a saved address and a saved method keep a repeat ship-out short', async () => {
    const book = [{ id: 7, address: ADDRESS, createdAt: '2026-11-20T10:00:00.000Z' }];
    const api = fakeApi({
      'GET /api/locker': { body: { items: [CAT] } },
      'GET /api/locker/ship-requests': { body: { items: [] } },
      'GET /api/me/addresses': { body: { items: book } },
      'POST /api/locker/ship-requests': {
        status: 201,
        body: shipRequest(11, [1], { status: 'awaiting_payment', orderSn: 'AT2222333344445555' }),
      },
    });
    const { router } = mountRemote({ name: 'mf_account', app, path: '/locker' });
    await figures();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Lantern Cat: Choose for shipping' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ship out' }));
    const form = await screen.findByRole('form', { name: 'Ship out 1 figure' });
    await userEvent.click(await within(form).findByRole('button', { name: 'Ship out' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/payment/order_pay?order=AT2222333344445555',
      ),
    );
    expect(api.callsTo('POST', '/api/locker/ship-requests')).toHaveLength(1);
  });

  it('shows a request awaiting payment with the way to pay it, and a paid one with a cancel that refunds its fee', async () => {
    fakeApi({
      'GET /api/locker': { body: { items: requested([1, 2]) } },
      'GET /api/locker/ship-requests': {
        body: {
          items: [
            shipRequest(11, [2], { status: 'awaiting_payment', orderSn: 'AT2222333344445555' }),
            shipRequest(10, [1], { orderSn: 'AT7K2M9Q4X1B8C3D5E' }),
          ],
        },
      },
    });
    mountRemote({ name: 'mf_account', app, path: '/locker' });
    const requests = await screen.findByRole('region', { name: 'Shipping requests' }, { timeout: 5_000 });
    const [unpaid, paid] = within(requests).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(unpaid).toHaveTextContent(
      /^Awaiting payment · requested Nov 21, 2026 · to Ada Lovelace, London \(GB\) · fee \$14\.99/,
    );
    expect(within(unpaid).getByRole('link', { name: 'Pay' })).toHaveAttribute(
      'href',
      '/payment/order_pay?order=AT2222333344445555',
    );
    expect(within(unpaid).getByRole('button', { name: 'Cancel this request' })).toBeEnabled();
    expect(paid).toHaveTextContent(/^Requested/);
    expect(within(paid).queryByRole('link', { name: 'Pay' })).toBeNull();
    expect(within(paid).queryByRole('button', { name: 'Cancel this request' })).toBeNull();
    expect(within(paid).getByRole('button', { name: 'Cancel and refund the fee' })).toBeEnabled();
  });
});
