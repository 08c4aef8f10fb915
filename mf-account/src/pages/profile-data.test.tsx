import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signOut } from '@arttoy/shared/auth';
import { clearPageReads } from '@arttoy/shared/query';
import { fakeApi, mountRemote } from '@arttoy/shared/testing';
import * as app from '../app';
import { setAuth } from '../test/auth';
import { me } from '../test/me-fixtures';
import { balanceOf } from '../test/market-fixtures';

jest.mock('@arttoy/shared/auth', () => ({
  ...jest.requireActual('@arttoy/shared/auth'),
  idToken: jest.fn(async () => 'test-token'),
  signOut: jest.fn(async () => undefined),
}));

const ME = { ...me(null), handle: 'lovelace' };
const TOKEN = 'T'.repeat(43);
const PAGE = {
  'GET /api/me': { body: ME },
  'GET /api/me/payment-methods': { body: { items: [] } },
  'GET /api/me/addresses': { body: { items: [] } },
  'GET /api/orders': { body: { items: [], page: 1, pageSize: 10, total: 0, totalPages: 0 } },
  'GET /api/me/listings': { body: { items: [] } },
  'GET /api/me/balance': { body: balanceOf([]) },
  'GET /api/me/feed-visibility': { body: { visible: false } },
};
const job = (status: 'requested' | 'ready', formatsLeft: string[] = []) => ({
  id: 7,
  status,
  requestedAt: '2026-11-28T01:00:00.000Z',
  readyAt: status === 'ready' ? '2026-11-28T01:00:01.000Z' : null,
  expiresAt: status === 'ready' ? '2026-11-29T01:00:01.000Z' : null,
  formatsLeft,
});

beforeEach(() => {
  clearPageReads();
  setAuth({ uid: ME.uid, displayName: ME.displayName, email: ME.email });
  URL.createObjectURL = jest.fn(() => 'blob:my-data');
  URL.revokeObjectURL = jest.fn();
});

const panel = (name: string) => screen.findByRole('region', { name }, { timeout: 5_000 });

describe('/profile: my data', () => {
  it('asks for an export, waits until it is ready, and downloads each file once with my token', async () => {
    const api = fakeApi({
      ...PAGE,
      'POST /api/me/exports': { status: 202, body: { job: job('requested'), token: TOKEN } },
      'GET /api/me/exports/7': { body: job('ready', ['json', 'html']) },
      [`GET /api/me/exports/download/${TOKEN}?format=json`]: { body: { format: 'arttoy-visitor-data' } },
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    mountRemote({ name: 'mf_account', app, path: '/profile' });
    const data = await panel('Your data');
    await userEvent.click(within(data).getByRole('button', { name: 'Download my data' }));
    const json = await within(data).findByRole('button', { name: 'Download the data (JSON)' });
    expect(within(data).getByRole('status')).toHaveTextContent('Each file can be downloaded once');
    await userEvent.click(json);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const download = api.callsTo('GET', `/api/me/exports/download/${TOKEN}`);
    expect(download.map((call) => call.path)).toEqual([`/api/me/exports/download/${TOKEN}?format=json`]);
    expect(download[0]?.headers.get('authorization')).toBe('Bearer test-token');
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    // Taken once: only the summary is left to download.
    expect(within(data).queryByRole('button', { name: 'Download the data (JSON)' })).toBeNull();
    expect(within(data).getByRole('button', { name: 'Download the summary (HTML)' })).toBeInTheDocument();
    click.mockRestore();
  });

  it('deletes the account only after the second confirmation, and lists what to do first when refused', async () => {
    const busy = {
      status: 409,
      body: {
        error: {
          code: 'conflict',
          reason: 'account_busy',
          message: 'Your account cannot be deleted yet.',
          details: {
            reason: 'account_busy',
            items: [
              {
                kind: 'unpaid_orders',
                count: 1,
                todo: 'Pay for or cancel your unpaid orders (on your orders page).',
              },
              { kind: 'open_listings', count: 2, todo: 'Withdraw your open listings (on your profile).' },
            ],
          },
        },
      },
    };
    const api = fakeApi({ ...PAGE, 'DELETE /api/me': [busy, { body: { deleted: true } }] });
    mountRemote({ name: 'mf_account', app, path: '/profile' });
    const section = await panel('Delete my account');
    await userEvent.click(within(section).getByRole('button', { name: 'Delete my account…' }));
    const field = within(section).getByRole('textbox', { name: 'Type your handle, lovelace, to confirm' });
    const confirm = within(section).getByRole('button', { name: 'Delete forever' });
    expect(confirm).toBeDisabled();
    await userEvent.type(field, 'lovelac');
    expect(confirm).toBeDisabled();
    await userEvent.type(field, 'e');
    await userEvent.click(confirm);
    const todo = await within(section).findByRole('list', { name: 'What to do first' });
    expect(
      within(todo)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Pay for or cancel your unpaid orders (on your orders page).',
      'Withdraw your open listings (on your profile).',
    ]);
    expect(signOut).not.toHaveBeenCalled();

    await userEvent.click(confirm);
    expect(await screen.findByText(/Your account was deleted, and you are signed out/)).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/me').map((call) => call.body)).toEqual([
      { confirm: 'lovelace' },
      { confirm: 'lovelace' },
    ]);
    expect(signOut).toHaveBeenCalledTimes(1);
  });
});
