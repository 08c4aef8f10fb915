import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, findPlaceholder, mountRemote } from '@arttoy/shared/testing';
import { clearPageReads } from '@arttoy/shared/query';
import * as app from '../app';
import { balanceOf } from '../test/market-fixtures';
import { setAuth } from '../test/auth';
import { me } from '../test/me-fixtures';
import { chanceControls } from '../test/chance-fixtures';
import { ADDRESS } from '../test/locker-fixtures';

jest.mock('@arttoy/shared/auth', () => ({
  ...jest.requireActual('@arttoy/shared/auth'),
  idToken: jest.fn(async () => 'test-token'),
}));

const ME = me(null);
const method = (id: number, label: string) => ({
  id,
  provider: 'sandbox' as const,
  vaultToken: `SBXV-${id}-token`,
  label,
  createdAt: '2026-11-20T10:00:00.000Z',
});
const FIRST = method(1, 'Sandbox test account');
const address = (id: number, line1: string) => ({
  id,
  address: { ...ADDRESS, line1 },
  createdAt: '2026-11-20T10:00:00.000Z',
});
let BOOK: ReturnType<typeof address>[] = [];
const SECOND = method(2, 'Sandbox spare account');
/** The market's sections (and the orders), empty: each test here is about another part of the page. */
const MARKET = {
  'GET /api/orders': { body: { items: [], page: 1, pageSize: 10, total: 0, totalPages: 0 } },
  'GET /api/me/listings': { body: { items: [] } },
  'GET /api/me/balance': { body: balanceOf([]) },
  'GET /api/me/feed-visibility': { body: { visible: false } },
  'GET /api/me/limits': { body: chanceControls() },
};

function signIn(signedIn = true) {
  setAuth(signedIn ? { uid: ME.uid, displayName: ME.displayName, email: ME.email } : null);
}

beforeEach(() => {
  clearPageReads();
  signIn();
  BOOK = [];
});

/** An answer the fake API gives only once released: the page's state before it can be checked. */
function held(body: unknown): { handler: () => Promise<{ body: unknown }>; release: () => void } {
  let release = () => {};
  const answer = new Promise<{ body: unknown }>((resolve) => {
    release = () => resolve({ body });
  });
  return { handler: () => answer, release };
}

const handleForm = () => screen.findByRole('form', { name: 'Public handle' }, { timeout: 5_000 });

/** The profile page's reads, with PUT /api/me/handle refused with 409 `reason` in the API's words. */
function handleRefused(handle: string | null, reason: string, message: string, details: object) {
  return fakeApi({
    ...MARKET,
    'GET /api/me': { body: { ...ME, handle } },
    'GET /api/me/payment-methods': { body: { items: [] } },
    'GET /api/me/addresses': { body: { items: BOOK } },
    'PUT /api/me/handle': {
      status: 409,
      body: { error: { code: 'conflict', reason, message, details: { reason, ...details } } },
    },
  });
}

describe('/profile', () => {
  it("shows the provider's name and e-mail (never the uid), the handle, saved methods and where addresses live", async () => {
    const api = fakeApi({
      ...MARKET,
      'GET /api/me': { body: { ...ME, handle: 'lovelace' } },
      'GET /api/me/payment-methods': { body: { items: [FIRST] } },
      'GET /api/me/addresses': { body: { items: BOOK } },
    });
    mountRemote({ name: 'mf_account', app, path: '/profile' });
    await handleForm();
    const account = screen.getByRole('region', { name: 'Account' });
    expect(within(account).getByTestId('profile-name')).toHaveTextContent('Ada Lovelace');
    expect(within(account).getByTestId('profile-email')).toHaveTextContent('ada@example.test');
    expect(screen.getByRole('article')).not.toHaveTextContent(ME.uid);
    expect(screen.getByRole('textbox', { name: 'Handle' })).toHaveValue('lovelace');
    expect(screen.getByText('Others see you as @lovelace.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Your saved payment methods' })).getByRole('listitem'),
    ).toHaveTextContent('Sandbox test account');
    expect(screen.getByRole('region', { name: 'Addresses' })).toHaveTextContent(
      'No saved addresses. When you ship figures out from your locker, the address you enter is saved here',
    );
    expect(api.callsTo('GET', '/api/me')[0]?.headers.get('authorization')).toBe('Bearer test-token');
  });

  it('sets a handle: checks it first, sends it lower-cased, and says when it is taken', async () => {
    const api = fakeApi({
      ...MARKET,
      'GET /api/me': { body: ME },
      'GET /api/me/payment-methods': { body: { items: [] } },
      'GET /api/me/addresses': { body: { items: BOOK } },
      'PUT /api/me/handle': [
        {
          status: 409,
          body: {
            error: {
              code: 'conflict',
              reason: 'handle_taken',
              message: 'The handle "taken_one" is taken: choose another one.',
              details: { reason: 'handle_taken' },
            },
          },
        },
        { body: { ...ME, handle: 'night_owl' } },
      ],
    });
    mountRemote({ name: 'mf_account', app, path: '/profile' });
    await handleForm();
    const field = screen.getByRole('textbox', { name: 'Handle' });
    await userEvent.type(field, 'no');
    await userEvent.click(screen.getByRole('button', { name: 'Save handle' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('A handle is 3 to 20 characters: letters a-z, digits and _.');
    expect(api.callsTo('PUT', '/api/me/handle')).toHaveLength(0);
    // The problem goes as soon as the handle is one that may be sent, before the next submit.
    await userEvent.type(field, 'pe');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).toHaveAccessibleDescription('3 to 20 characters: letters a-z, digits and _.');

    await userEvent.clear(field);
    await userEvent.type(field, 'Taken_One');
    await userEvent.click(screen.getByRole('button', { name: 'Save handle' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('@taken_one is taken: choose another one.'),
    );
    expect(api.callsTo('PUT', '/api/me/handle')[0]?.body).toEqual({ handle: 'taken_one' });
    // A taken handle's problem goes once another is typed.
    await userEvent.type(field, '2');
    expect(field).not.toHaveAttribute('aria-invalid');

    await userEvent.clear(field);
    await userEvent.type(field, 'Night_Owl');
    await userEvent.click(screen.getByRole('button', { name: 'Save handle' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your handle is now @night_owl.');
    expect(field).toHaveValue('night_owl');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it("refuses a look-alike of the shop's own names before sending it, and says when a handle is kept for its last owner", async () => {
    const message =
      'The handle "night_owl" was given up by its owner recently and is kept for them until 2026-12-20: choose another one.';
    const api = handleRefused(null, 'handle_reserved', message, {
      reservedUntil: '2026-12-20T10:00:00.000Z',
    });
    mountRemote({ name: 'mf_account', app, path: '/profile' });
    await handleForm();
    const field = screen.getByRole('textbox', { name: 'Handle' });
    await userEvent.type(field, 'Off1cial_');
    await userEvent.click(screen.getByRole('button', { name: 'Save handle' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      '@off1cial_ is too close to a name the shop keeps for its own accounts (such as admin, support or official): choose another one.',
    );
    expect(api.callsTo('PUT', '/api/me/handle')).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, 'night_owl');
    await userEvent.click(screen.getByRole('button', { name: 'Save handle' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(message));
  });

  it("says when a handle changed too recently to change again, in the API's words", async () => {
    const message =
      'Your handle changed on 2026-11-20; a handle can change once every 30 days, so the next change is possible from 2026-12-20.';
    handleRefused('lovelace', 'handle_changed_recently', message, {
      nextChangeAt: '2026-12-20T10:00:00.000Z',
    });
    mountRemote({ name: 'mf_account', app, path: '/profile' });
    await handleForm();
    const field = screen.getByRole('textbox', { name: 'Handle' });
    await userEvent.clear(field);
    await userEvent.type(field, 'countess');
    await userEvent.click(screen.getByRole('button', { name: 'Save handle' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(message));
  });

  it('shows or hides the handle in the live room, hidden until chosen', async () => {
    const api = fakeApi({
      ...MARKET,
      'GET /api/me': { body: { ...ME, handle: 'lovelace' } },
      'GET /api/me/payment-methods': { body: { items: [] } },
      'GET /api/me/addresses': { body: { items: BOOK } },
      'PUT /api/me/feed-visibility': [{ body: { visible: true } }, { status: 0 }],
    });
    mountRemote({ name: 'mf_account', app, path: '/profile' });
    const room = await screen.findByRole('region', { name: 'Live room' }, { timeout: 5_000 });
    const box = await within(room).findByRole('checkbox', { name: 'Show my handle in the live room' });
    expect(box).not.toBeChecked();
    expect(room).toHaveTextContent('Your pulls and purchases show as "a collector".');
    // Before it is flipped, the switch says that it relabels past pulls too, and opens their proofs.
    expect(box).toHaveAccessibleDescription(
      expect.stringMatching(
        /^This changes how your past pulls and purchases are shown too, not only new ones\. On: .*proof, which anyone can open/,
      ),
    );
    expect(api.callsTo('PUT', '/api/me/feed-visibility')).toHaveLength(0);
    await userEvent.click(box);
    await waitFor(() => expect(room).toHaveTextContent('Your pulls and purchases show as @lovelace.'));
    expect(box).toBeChecked();
    expect(api.callsTo('PUT', '/api/me/feed-visibility')[0]?.body).toEqual({ visible: true });
    // Not saved: the box goes back to what is saved, and says why.
    await userEvent.click(box);
    expect(await within(room).findByRole('alert')).toHaveTextContent('We could not reach the shop');
    expect(box).toBeChecked();
  });

  it('removes a saved payment method and shows the ones left', async () => {
    const api = fakeApi({
      ...MARKET,
      'GET /api/me': { body: ME },
      'GET /api/me/payment-methods': { body: { items: [SECOND, FIRST] } },
      'GET /api/me/addresses': { body: { items: BOOK } },
      'DELETE /api/me/payment-methods/2': { body: { items: [FIRST] } },
    });
    mountRemote({ name: 'mf_account', app, path: '/profile' });
    await handleForm();
    expect(
      within(screen.getByRole('list', { name: 'Your saved payment methods' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Sandbox spare account' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sandbox spare account was removed.');
    const left = within(screen.getByRole('list', { name: 'Your saved payment methods' })).getAllByRole(
      'listitem',
    );
    expect(left).toHaveLength(1);
    expect(left[0]).toHaveTextContent('Sandbox test account');
    expect(api.callsTo('DELETE', '/api/me/payment-methods/2')[0]?.headers.get('authorization')).toBe(
      'Bearer test-token',
    );
  });

  it('shows a method saved since the last visit once it is read again, not only the one read before', async () => {
    const reread = held({ items: [SECOND, FIRST] });
    fakeApi({
      ...MARKET,
      'GET /api/me': { body: ME },
      'GET /api/me/payment-methods': [{ body: { items: [FIRST] } }, reread.handler],
      'GET /api/me/addresses': { body: { items: BOOK } },
    });
    const { navigate } = mountRemote({ name: 'mf_account', app, path: '/profile' });
    await handleForm();
    await navigate('/orders');
    // Back on the profile after paying with a new method saved: the last answer shows, then the new one.
    await navigate('/profile');
    await handleForm();
    expect(
      within(screen.getByRole('list', { name: 'Your saved payment methods' })).getAllByRole('listitem'),
    ).toHaveLength(1);
    reread.release();
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Your saved payment methods' })).getAllByRole('listitem'),
      ).toHaveLength(2),
    );
  });

  it('keeps a saved handle for the next visit, from its first render', async () => {
    const reread = held({ ...ME, handle: 'night_owl' });
    fakeApi({
      ...MARKET,
      'GET /api/me': [{ body: ME }, reread.handler],
      'GET /api/me/payment-methods': { body: { items: [] } },
      'GET /api/me/addresses': { body: { items: BOOK } },
      'PUT /api/me/handle': { body: { ...ME, handle: 'night_owl' } },
    });
    const { navigate } = mountRemote({ name: 'mf_account', app, path: '/profile' });
    await handleForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Handle' }), 'night_owl');
    await userEvent.click(screen.getByRole('button', { name: 'Save handle' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your handle is now @night_owl.');
    await navigate('/orders');
    // The page shows what it holds while it reads the profile again: the saved handle, not the one before.
    await navigate('/profile');
    await handleForm();
    expect(screen.getByRole('textbox', { name: 'Handle' })).toHaveValue('night_owl');
    reread.release();
  });

  it('says why a removal failed and keeps the method', async () => {
    fakeApi({
      ...MARKET,
      'GET /api/me': { body: ME },
      'GET /api/me/payment-methods': { body: { items: [FIRST] } },
      'GET /api/me/addresses': { body: { items: BOOK } },
      'DELETE /api/me/payment-methods/1': {
        status: 404,
        body: { error: { code: 'not_found', message: 'Saved payment method 1 was not found.' } },
      },
    });
    mountRemote({ name: 'mf_account', app, path: '/profile' });
    await handleForm();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Sandbox test account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sandbox test account could not be removed: Saved payment method 1 was not found.',
    );
    expect(
      within(screen.getByRole('list', { name: 'Your saved payment methods' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });

  it('lists the saved addresses and removes one, showing the ones left', async () => {
    BOOK = [address(5, '7 New Road'), address(4, '12 Market Street')];
    const api = fakeApi({
      ...MARKET,
      'GET /api/me': { body: ME },
      'GET /api/me/payment-methods': { body: { items: [] } },
      'GET /api/me/addresses': { body: { items: BOOK } },
      'DELETE /api/me/addresses/5': { body: { items: [BOOK[1]] } },
    });
    mountRemote({ name: 'mf_account', app, path: '/profile' });
    await handleForm();
    const region = screen.getByRole('region', { name: 'Addresses' });
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Ada Lovelace, 7 New Road, London N1 9GU, GBRemove',
      'Ada Lovelace, 12 Market Street, London N1 9GU, GBRemove',
    ]);
    expect(region).toHaveTextContent('2 of 10 addresses.');
    expect(region).not.toHaveTextContent('on its way');
    await userEvent.click(
      within(region).getByRole('button', { name: 'Remove Ada Lovelace, 7 New Road, London N1 9GU, GB' }),
    );
    expect(await within(region).findByRole('status')).toHaveTextContent(
      'The address Ada Lovelace, 7 New Road, London N1 9GU, GB was removed.',
    );
    expect(within(region).getAllByRole('listitem')).toHaveLength(1);
    expect(api.callsTo('DELETE', '/api/me/addresses/5')[0]?.headers.get('authorization')).toBe(
      'Bearer test-token',
    );
  });

  it('says when there is no saved method', async () => {
    fakeApi({
      ...MARKET,
      'GET /api/me': { body: ME },
      'GET /api/me/payment-methods': { body: { items: [] } },
      'GET /api/me/addresses': { body: { items: BOOK } },
    });
    mountRemote({ name: 'mf_account', app, path: '/profile' });
    await handleForm();
    expect(screen.getByRole('region', { name: 'Saved payment methods' })).toHaveTextContent(
      'No saved payment methods.',
    );
  });

  it('explains a failure and tries again', async () => {
    fakeApi({
      ...MARKET,
      'GET /api/me': [{ status: 500 }, { status: 500 }, { body: ME }],
      'GET /api/me/payment-methods': { body: { items: [] } },
      'GET /api/me/addresses': { body: { items: BOOK } },
    });
    mountRemote({ name: 'mf_account', app, path: '/profile' });
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'Your profile could not be loaded.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await handleForm()).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login, to come back to the profile', async () => {
    signIn(false);
    const { router } = mountRemote({ name: 'mf_account', app, path: '/profile' });
    await findPlaceholder('login');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/login?return_to=%2Fprofile',
    );
  });
});
