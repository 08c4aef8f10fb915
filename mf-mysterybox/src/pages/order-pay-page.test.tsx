import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paymentStore } from '@arttoy/shared/stores';
import { fakeApi, mountRemote } from '@arttoy/shared/testing';
import * as app from '../app';
import { goToProvider } from '../components/provider-redirect';
import { captureResult, order } from '../test/fixtures';
import { resetStores, signInAs } from '../test/signed-in';

jest.mock('@arttoy/shared/auth', () => ({ idToken: jest.fn(async () => 'test-token') }));
jest.mock('../components/provider-redirect', () => ({ goToProvider: jest.fn() }));
const goToProviderMock = jest.mocked(goToProvider);

const SN = 'AT7K2M9Q4X1B8C3D5E';
const noMethods = { 'GET /api/me/payment-methods': { body: { items: [] } } };

beforeEach(() => {
  resetStores();
  signInAs('u-1');
  goToProviderMock.mockReset();
});

describe('/payment/order_pay', () => {
  it('shows the order with the time left and sends the buyer to the sandbox approval page', async () => {
    const approvalUrl = '/api/payments/sandbox/checkout?token=SBX-1';
    const payment = { id: 3, provider: 'sandbox', status: 'created', token: 'SBX-1', approvalUrl, amount: { amountMinor: 1_499, currency: 'USD' }, createdAt: '2026-11-21T23:00:00.000Z', capturedAt: null };
    const api = fakeApi({ [`GET /api/orders/${SN}`]: { body: order() }, ...noMethods, [`POST /api/orders/${SN}/payments`]: { status: 201, body: { payment, approvalUrl, result: null } } });
    mountRemote({ name: 'mf_mysterybox', app, path: `/payment/order_pay?order=${SN}` });
    expect(await screen.findByText(`Order ${SN} ·`, { exact: false })).toHaveTextContent('$14.99');
    expect(screen.getByTestId('countdown').textContent).toMatch(/^(10:00|9:5\d)$/);
    expect(screen.getByRole('radio', { name: /Test payment \(sandbox/ })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: /Save this method/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(goToProviderMock).toHaveBeenCalledWith(approvalUrl));
    expect(api.callsTo('POST', `/api/orders/${SN}/payments`)[0]?.body).toEqual({ provider: 'sandbox', saveMethod: true });
    expect(paymentStore.getState()).toMatchObject({ approvalUrl, currentToken: 'SBX-1', payWayChecked: 'sandbox', orderSn: SN });
  });

  it('captures on return, reveals the figure (skippable, focus on the news) and records it', async () => {
    paymentStore.getState().set({ orderSn: SN });
    const api = fakeApi({ 'POST /api/payments/capture': { body: captureResult() } });
    mountRemote({ name: 'mf_mysterybox', app, path: '/payment/order_pay?token=SBX-1' });
    const skip = await screen.findByRole('button', { name: 'Skip' });
    await waitFor(() => expect(skip).toHaveFocus());
    expect(screen.getByText('Opening your box…')).toBeInTheDocument();
    await userEvent.click(skip);
    const heading = await screen.findByRole('heading', { name: 'You got Lantern Cat!' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Go to my locker' })).toHaveAttribute('href', '/locker');
    expect(screen.getByRole('link', { name: 'Check this draw' })).toHaveAttribute('href', '/mysterybox/test?draw=5');
    expect(api.callsTo('POST', '/api/payments/capture')[0]?.body).toEqual({ token: 'SBX-1' });
    expect(paymentStore.getState()).toMatchObject({ isAuthorized: true, itemId: '88', orderSn: '' });
  });

  it('shows the figure at once when the visitor prefers reduced motion', async () => {
    const matchMedia = jest.fn((query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener: jest.fn(), removeEventListener: jest.fn() }));
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
    try {
      fakeApi({ 'POST /api/payments/capture': { body: captureResult() } });
      mountRemote({ name: 'mf_mysterybox', app, path: '/payment/order_pay?token=SBX-1' });
      expect(await screen.findByRole('heading', { name: 'You got Lantern Cat!' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('explains a failed capture and tries again', async () => {
    paymentStore.getState().set({ orderSn: SN });
    fakeApi({
      'POST /api/payments/capture': [{ status: 409, body: { error: { code: 'conflict', message: 'This order expired before the payment was approved; nothing was charged.' } } }, { body: captureResult() }],
    });
    mountRemote({ name: 'mf_mysterybox', app, path: '/payment/order_pay?token=SBX-1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your payment could not be completed. This order expired before the payment was approved; nothing was charged.');
    expect(screen.getByRole('link', { name: 'Back to my order' })).toHaveAttribute('href', `/payment/order_pay?order=${SN}`);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Skip' })).toBeInTheDocument();
  });

  it('after a cancel at the provider, keeps the box and lets the buyer cancel the order', async () => {
    paymentStore.getState().set({ orderSn: SN });
    fakeApi({ [`GET /api/orders/${SN}`]: { body: order() }, ...noMethods, [`POST /api/orders/${SN}/cancel`]: { body: order({ status: 'cancelled', cancelledAt: '2026-11-21T23:05:00.000Z' }) } });
    mountRemote({ name: 'mf_mysterybox', app, path: '/payment/order_pay?token=SBX-1&cancelled=1' });
    expect(await screen.findByText(/You cancelled the payment, so nothing was charged/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(/This order was cancelled and nothing was charged/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Night Market Box' })).toHaveAttribute('href', '/mysterybox/7');
    expect(paymentStore.getState().orderSn).toBe('');
  });

  it('says plainly when the reservation has expired', async () => {
    fakeApi({ [`GET /api/orders/${SN}`]: { body: order({ status: 'expired', expiredAt: '2026-11-21T23:15:00.000Z' }) }, ...noMethods });
    mountRemote({ name: 'mf_mysterybox', app, path: `/payment/order_pay?order=${SN}` });
    expect(await screen.findByText(/The time to pay ran out .*, so the box went back on sale. Nothing was charged./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /payment/ })).not.toBeInTheDocument();
  });

  it('reads the order again when its time runs out, and says it expired', async () => {
    const api = fakeApi({
      [`GET /api/orders/${SN}`]: [{ body: order({ expiresAt: new Date(Date.now() - 1_000).toISOString() }) }, { body: order({ status: 'expired', expiredAt: new Date().toISOString() }) }],
      ...noMethods,
    });
    mountRemote({ name: 'mf_mysterybox', app, path: `/payment/order_pay?order=${SN}` });
    expect(await screen.findByText(/The time to pay ran out/)).toBeInTheDocument();
    expect(api.callsTo('GET', `/api/orders/${SN}`)).toHaveLength(2);
  });

  it('pays with a saved method at once, without the approval step', async () => {
    const saved = { provider: 'sandbox', vaultToken: 'vault-123456', label: 'Sandbox test account', createdAt: '2026-11-20T10:00:00.000Z' };
    const payment = { id: 4, provider: 'sandbox', status: 'captured', token: 'SBX-2', approvalUrl: null, amount: { amountMinor: 1_499, currency: 'USD' }, createdAt: '2026-11-21T23:00:00.000Z', capturedAt: '2026-11-21T23:00:01.000Z' };
    const api = fakeApi({
      [`GET /api/orders/${SN}`]: { body: order() },
      'GET /api/me/payment-methods': { body: { items: [saved] } },
      [`POST /api/orders/${SN}/payments`]: { status: 201, body: { payment, approvalUrl: null, result: { ...captureResult(), vaultToken: 'vault-123456' } } },
    });
    mountRemote({ name: 'mf_mysterybox', app, path: `/payment/order_pay?order=${SN}` });
    await userEvent.click(await screen.findByRole('radio', { name: /Saved: Sandbox test account/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('button', { name: 'Skip' })).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/orders/${SN}/payments`)[0]?.body).toEqual({ provider: 'sandbox', vaultToken: 'vault-123456' });
    expect(goToProviderMock).not.toHaveBeenCalled();
    expect(paymentStore.getState().vaultToken).toBe('vault-123456');
  });

  it('asks a signed-out visitor to log in and come back to this very address', async () => {
    signInAs(null);
    fakeApi({});
    mountRemote({ name: 'mf_mysterybox', app, path: '/payment/order_pay?token=SBX-1' });
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?return_to=%2Fpayment%2Forder_pay%3Ftoken%3DSBX-1');
  });
});
