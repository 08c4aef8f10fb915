import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, mountRemote } from '@arttoy/shared/testing';
import type { ChanceControls } from '@arttoy/shared/contracts/api';
import * as app from '../app';
import { box, fairness } from '../test/fixtures';
import { resetStores, signInAs } from '../test/signed-in';

jest.mock('@arttoy/shared/auth', () => ({ idToken: jest.fn(async () => 'test-token') }));

beforeEach(resetStores);

/** GET /api/me/limits: nothing set, with `changes` over it. */
const controls = (changes: Partial<ChanceControls>): ChanceControls => ({
  age: { minAge: 18, birthMonth: '1990-06', ofAge: true, ofAgeFrom: null },
  timeZone: 'UTC',
  currency: 'USD',
  limits: (['day', 'week', 'month'] as const).map((period) => ({
    period,
    limitMinor: null,
    pending: null,
    spentMinor: 0,
    leftMinor: null,
    resetsAt: '2026-12-01T00:00:00.000Z',
  })),
  breakUntil: null,
  reminder: { afterBoxes: null, sessionBoxes: 0, sessionStartedAt: null },
  ...changes,
});

const buyButton = () => screen.findByRole('button', { name: 'Buy now' });

/** The box page, signed in, where ordering is refused with `reason` (the API's words in `message`). */
function refusedWith(status: number, reason: string, details: object, limits?: Partial<ChanceControls>) {
  signInAs('u-1');
  return fakeApi({
    'GET /api/box-models/7': { body: box() },
    'GET /api/me/fairness': { body: fairness() },
    ...(limits ? { 'GET /api/me/limits': { body: controls(limits) } } : {}),
    'POST /api/orders': {
      status,
      body: {
        error: {
          code: status === 403 ? 'forbidden' : 'conflict',
          reason,
          message: 'The API speaks here (PUT /api/me/age).',
          details: { reason, ...details },
        },
      },
    },
  });
}

async function buy() {
  mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/7' });
  await screen.findByTestId('server-seed-hash');
  await userEvent.click(await buyButton());
  return screen.findByRole('alert');
}

describe('a box order refused by the buyer’s own rules', () => {
  it('asks for the date of birth, with the way to confirm it', async () => {
    refusedWith(403, 'age_unconfirmed', { minAge: 18 });
    const alert = await buy();
    expect(alert).toHaveTextContent('Please confirm your age first.');
    expect(alert).toHaveTextContent('sold from the age of 18');
    expect(alert).not.toHaveTextContent('/api/');
    const link = screen.getByRole('link', { name: 'Confirm your date of birth' });
    expect(link).toHaveAttribute('href', '/profile#limits');
    link.focus();
    expect(link).toHaveFocus();
  });

  it('says from when an account under the minimum age may buy', async () => {
    refusedWith(403, 'under_age', { minAge: 18, ofAgeFrom: '2027-03-01' });
    const alert = await buy();
    expect(alert).toHaveTextContent('They are sold from the age of 18. You can buy them from March 1, 2027.');
  });

  it('gives the end of a break and that it cannot be ended early', async () => {
    refusedWith(403, 'on_break', { breakUntil: '2026-12-05T12:00:00.000Z' });
    const alert = await buy();
    expect(alert).toHaveTextContent('You are taking a break.');
    expect(alert).toHaveTextContent('It cannot be ended early. The market and your locker stay open.');
    expect(screen.getByRole('link', { name: 'See your break' })).toHaveAttribute('href', '/profile#limits');
  });

  it('says which limit, what is left, the price and when it starts again', async () => {
    refusedWith(409, 'spending_limit', {
      period: 'week',
      limitMinor: 5_000,
      spentMinor: 3_897,
      leftMinor: 1_103,
      priceMinor: 1_499,
      currency: 'USD',
      resetsAt: '2026-11-30T00:00:00.000Z',
    });
    const alert = await buy();
    expect(alert).toHaveTextContent('This box would go over your limit for this week.');
    expect(alert).toHaveTextContent('Your limit is $50.00; $11.03 is left and this box costs $14.99.');
    expect(screen.getByRole('link', { name: 'See your limits' })).toHaveAttribute('href', '/profile#limits');
    // Not the sold-out state: the buy button stays.
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeInTheDocument();
  });

  it('reminds of the boxes of this session once there are as many as the site says', async () => {
    refusedWith(
      409,
      'box_sold_out',
      { boxModelId: 7, available: 1 },
      {
        reminder: { afterBoxes: 3, sessionBoxes: 4, sessionStartedAt: '2026-11-28T09:00:00.000Z' },
      },
    );
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/7' });
    const reminder = await screen.findByTestId('session-reminder');
    expect(reminder).toHaveTextContent('You have ordered 4 boxes since');
    expect(screen.getByRole('link', { name: 'Set a spending limit or take a break' })).toHaveAttribute(
      'href',
      '/profile#limits',
    );
  });

  it('shows no reminder while reminders are off', async () => {
    const api = refusedWith(
      409,
      'box_sold_out',
      { boxModelId: 7, available: 1 },
      {
        reminder: { afterBoxes: null, sessionBoxes: 9, sessionStartedAt: '2026-11-28T09:00:00.000Z' },
      },
    );
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/7' });
    await screen.findByTestId('server-seed-hash');
    await screen.findByRole('button', { name: 'Buy now' });
    expect(api.callsTo('GET', '/api/me/limits').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('session-reminder')).toBeNull();
  });
});
