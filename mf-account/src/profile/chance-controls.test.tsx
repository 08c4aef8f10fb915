import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, mountRemote } from '@arttoy/shared/testing';
import { clearPageReads } from '@arttoy/shared/query';
import * as app from '../app';
import { setAuth } from '../test/auth';
import { chanceControls } from '../test/chance-fixtures';
import { me } from '../test/me-fixtures';
import { balanceOf } from '../test/market-fixtures';

jest.mock('@arttoy/shared/auth', () => ({
  ...jest.requireActual('@arttoy/shared/auth'),
  idToken: jest.fn(async () => 'test-token'),
}));

const ME = me('lovelace');
/** The rest of the profile page, answered: these tests are about its "Limits and breaks" section. */
const PAGE = {
  'GET /api/me': { body: ME },
  'GET /api/me/payment-methods': { body: { items: [] } },
  'GET /api/me/addresses': { body: { items: [] } },
  'GET /api/orders': { body: { items: [], page: 1, pageSize: 10, total: 0, totalPages: 0 } },
  'GET /api/me/listings': { body: { items: [] } },
  'GET /api/me/balance': { body: balanceOf([]) },
  'GET /api/me/feed-visibility': { body: { visible: false } },
};

beforeEach(() => {
  clearPageReads();
  setAuth({ uid: ME.uid, displayName: ME.displayName, email: ME.email });
});

const section = () => screen.findByRole('region', { name: 'Limits and breaks' }, { timeout: 5_000 });

describe('/profile: limits and breaks', () => {
  it('asks for the date of birth once, with why and what is kept, then says it is confirmed', async () => {
    const api = fakeApi({
      ...PAGE,
      'GET /api/me/limits': { body: chanceControls() },
      'PUT /api/me/age': {
        body: chanceControls({ age: { minAge: 18, birthMonth: '1990-06', ofAge: true, ofAgeFrom: null } }),
      },
    });
    mountRemote({ name: 'mf_account', app, path: '/profile' });
    const panel = await section();
    const field = await within(panel).findByLabelText('Date of birth');
    expect(field).toHaveAccessibleDescription(/we keep only its month and year/);
    const confirm = within(panel).getByRole('button', { name: 'Confirm date of birth' });
    expect(confirm).toBeDisabled();
    await userEvent.type(field, '1990-06-15');
    await userEvent.click(confirm);
    expect(await within(panel).findByTestId('age-confirmed')).toHaveTextContent(
      'Your date of birth is confirmed (1990-06): you may buy mystery boxes.',
    );
    expect(api.callsTo('PUT', '/api/me/age')[0]?.body).toEqual({ dateOfBirth: '1990-06-15' });
  });

  it('shows spent per period and a raise waiting for its cool-off, and sends limits in minor units', async () => {
    const waiting = chanceControls({
      timeZone: 'Europe/Paris',
      age: { minAge: 18, birthMonth: '1990-06', ofAge: true, ofAgeFrom: null },
    });
    waiting.limits[0] = {
      ...waiting.limits[0]!,
      limitMinor: 2_000,
      spentMinor: 1_299,
      leftMinor: 701,
      pending: { limitMinor: 5_000, appliesAt: '2026-11-29T10:00:00.000Z' },
    };
    const api = fakeApi({
      ...PAGE,
      'GET /api/me/limits': { body: waiting },
      'PUT /api/me/limits': { body: waiting },
    });
    mountRemote({ name: 'mf_account', app, path: '/profile' });
    const panel = await section();
    const day = await within(panel).findByTestId('limit-day');
    expect(day).toHaveTextContent('Spent today: $12.99 of $20.00.');
    expect(day).toHaveTextContent('Waiting: $50.00 from');
    // The field shows the amount asked for (the raise), the text says what applies now.
    expect(within(day).getByRole('textbox', { name: 'Daily limit (USD)' })).toHaveValue('50.00');
    const weekly = within(panel).getByRole('textbox', { name: 'Weekly limit (from Monday) (USD)' });
    await userEvent.type(weekly, '75.5');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save limits' }));
    expect(await within(panel).findByText('Your limits are saved.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/me/limits')[0]?.body).toEqual({
      timeZone: 'Europe/Paris',
      currency: 'USD',
      day: 5_000,
      week: 7_550,
      month: null,
    });
  });

  it('refuses an amount it cannot read before sending it', async () => {
    const api = fakeApi({ ...PAGE, 'GET /api/me/limits': { body: chanceControls() } });
    mountRemote({ name: 'mf_account', app, path: '/profile' });
    const panel = await section();
    await userEvent.type(await within(panel).findByRole('textbox', { name: 'Daily limit (USD)' }), '12,5');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save limits' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Daily limit: write an amount such as 25.00');
    expect(api.callsTo('PUT', '/api/me/limits')).toHaveLength(0);
  });

  it('takes a break only after a confirmation that says it cannot be undone, by keyboard', async () => {
    const until = '2026-12-05T12:00:00.000Z';
    const api = fakeApi({
      ...PAGE,
      'GET /api/me/limits': { body: chanceControls() },
      'POST /api/me/break': { body: chanceControls({ breakUntil: until }) },
    });
    mountRemote({ name: 'mf_account', app, path: '/profile' });
    const panel = await section();
    await userEvent.click(await within(panel).findByRole('radio', { name: '7 days' }));
    within(panel).getByRole('button', { name: 'Take a break for 7 days' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = within(panel).getByRole('alertdialog');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(api.callsTo('POST', '/api/me/break')).toHaveLength(0);
    // Cancel leaves everything as it was.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(panel).queryByRole('alertdialog')).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Take a break for 7 days' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Yes, take a break for 7 days' }));
    expect(await within(panel).findByTestId('break-until')).toHaveTextContent('It cannot be ended early');
    expect(api.callsTo('POST', '/api/me/break')[0]?.body).toEqual({ length: '7d' });
  });

  it('says when it could not load, and loads again on request', async () => {
    fakeApi({
      ...PAGE,
      'GET /api/me/limits': [
        { status: 403, body: { error: { code: 'forbidden', message: 'Not now.' } } },
        { body: chanceControls() },
      ],
    });
    mountRemote({ name: 'mf_account', app, path: '/profile' });
    const panel = await section();
    expect(
      await within(panel).findByText('Your limits and breaks could not be loaded.', { exact: false }),
    ).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: /try again/i }));
    expect(await within(panel).findByLabelText('Date of birth')).toBeInTheDocument();
  });
});
