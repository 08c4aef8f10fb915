import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, paymentStore } from '@arttoy/shared/stores';
import { fakeApi, mountRemote } from '@arttoy/shared/testing';
import * as app from '../app';
import { goToProvider } from '../components/provider-redirect';
import { captureResult, figure, order, shipOutOrder, NO_METHODS, SAVED_METHOD } from '../test/fixtures';
import { resetStores, signInAs } from '../test/signed-in';

jest.mock('@arttoy/shared/auth', () => ({ idToken: jest.fn(async () => 'test-token') }));
jest.mock('../components/provider-redirect', () => ({ goToProvider: jest.fn() }));
const goToProviderMock = jest.mocked(goToProvider);

const SN = 'AT7K2M9Q4X1B8C3D5E';

beforeEach(() => {
  resetStores();
  signInAs('u-1');
  goToProviderMock.mockReset();
});

describe('/payment/order_pay', () => {
  it('shows the order with the time left and sends the buyer to the sandbox approval page', async () => {
    const approvalUrl = '/api/payments/sandbox/checkout?token=SBX-1';
    const payment = {
      id: 3,
      provider: 'sandbox',
      status: 'created',
      token: 'SBX-1',
      approvalUrl,
      amount: { amountMinor: 1_499, currency: 'USD' },
      createdAt: '2026-11-21T23:00:00.000Z',
      capturedAt: null,
    };
    const api = fakeApi({
      [`GET /api/orders/${SN}`]: { body: order() },
      ...NO_METHODS,
      [`POST /api/orders/${SN}/payments`]: { status: 201, body: { payment, approvalUrl, result: null } },
    });
    mountRemote({ name: 'mf_mysterybox', app, path: `/payment/order_pay?order=${SN}` });
    expect(await screen.findByTestId('order-line')).toHaveTextContent(/^Qty 1 · \$14\.99$/);
    expect(screen.getByText(`Order ${SN}`)).toBeInTheDocument();
    expect(screen.getByTestId('countdown').textContent).toMatch(/^(10:00|9:5\d)$/);
    expect(screen.getByRole('radio', { name: /Test payment \(sandbox/ })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: /Save this method/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(goToProviderMock).toHaveBeenCalledWith(approvalUrl));
    expect(api.callsTo('POST', `/api/orders/${SN}/payments`)[0]?.body).toEqual({
      provider: 'sandbox',
      saveMethod: true,
    });
    expect(paymentStore.getState()).toMatchObject({
      approvalUrl,
      currentToken: 'SBX-1',
      payWayChecked: 'sandbox',
      orderSn: SN,
    });
  });

  it('captures on return, reveals the figure (skippable, focus on the news) and records it', async () => {
    paymentStore.getState().set({ orderSn: SN });
    const api = fakeApi({ 'POST /api/payments/capture': { body: captureResult() } });
    mountRemote({ name: 'mf_mysterybox', app, path: '/payment/order_pay?token=SBX-1' });
    const skip = await screen.findByRole('button', { name: 'Skip' });
    await waitFor(() => expect(skip).toHaveFocus());
    expect(screen.getByText('Opening your box…')).toBeInTheDocument();
    await userEvent.click(skip);
    const heading = await screen.findByRole('heading', { level: 1, name: 'You pulled Lantern Cat!' });
    await waitFor(() => expect(heading).toHaveFocus());
    // The reveal's heading is the page's: no "Payment" over it; a heading focused, not a control.
    expect(screen.queryByRole('heading', { name: 'Payment' })).not.toBeInTheDocument();
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(heading).toHaveClass('mb-reveal__title');
    expect(screen.getByTestId('reveal-rarity')).toHaveTextContent('Regular figure');
    expect(screen.queryByText(/A secret!/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open another' })).toHaveAttribute('href', '/mysterybox/7');
    expect(screen.getByRole('link', { name: 'Go to my locker' })).toHaveAttribute('href', '/locker');
    expect(screen.getByRole('link', { name: 'Check this draw' })).toHaveAttribute(
      'href',
      '/mysterybox/test?draw=5',
    );
    expect(screen.getByRole('link', { name: 'See the receipt' })).toHaveAttribute('href', `/orders/${SN}`);
    expect(api.callsTo('POST', '/api/payments/capture')[0]?.body).toEqual({ token: 'SBX-1' });
    expect(paymentStore.getState()).toMatchObject({ isAuthorized: true, itemId: '88', orderSn: '' });
  });

  it('shows the figure at once when the visitor prefers reduced motion', async () => {
    const matchMedia = jest.fn((query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener: jest.fn(),
      removeEventListener: jest.fn(),
    }));
    Object.defineProperty(window, 'matchMedia', { value: matchMedia, configurable: true });
    try {
      fakeApi({ 'POST /api/payments/capture': { body: captureResult() } });
      mountRemote({ name: 'mf_mysterybox', app, path: '/payment/order_pay?token=SBX-1' });
      const heading = await screen.findByRole('heading', { name: 'You pulled Lantern Cat!' });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
      // The still frame: the box drawn opened, not the opening.
      expect(screen.getByTestId('reveal-box')).toHaveClass('mb-reveal__box--open');
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('gives a secret figure a moment of its own', async () => {
    const secret = {
      ...captureResult(),
      draw: { ...captureResult().draw!, figure: figure(103, 'Moon Owl', 'secret') },
    };
    fakeApi({ 'POST /api/payments/capture': { body: secret } });
    mountRemote({ name: 'mf_mysterybox', app, path: '/payment/order_pay?token=SBX-1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    const heading = await screen.findByRole('heading', { name: 'You pulled Moon Owl!' });
    expect(heading.closest('section')).toHaveClass('mb-reveal--secret');
    expect(screen.getByTestId('reveal-rarity')).toHaveTextContent('Secret figure');
    expect(screen.getByText(/A secret! The rarest figure of/)).toBeInTheDocument();
  });

  it('says it is confirming the payment, with the order number, from the first frame back from approval until the answer', async () => {
    paymentStore.getState().set({ orderSn: SN });
    authStore.setState({ loading: true, user: null });
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    fakeApi({
      'POST /api/payments/capture': async () => {
        await answered;
        return { body: captureResult() };
      },
    });
    mountRemote({ name: 'mf_mysterybox', app, path: '/payment/order_pay?token=SBX-1' });
    // Sign-in not known yet: the capture cannot start, the page already says what is happening.
    const progress = await screen.findByTestId('payment-progress');
    expect(progress).toHaveAttribute('role', 'status');
    expect(progress).toHaveTextContent(`Confirming your payment… Order ${SN}.`);
    expect(screen.queryByRole('status', { name: 'Checking your sign-in' })).not.toBeInTheDocument();
    act(() => signInAs('u-1'));
    expect(await screen.findByTestId('payment-progress')).toHaveTextContent(`Order ${SN}.`);
    answer();
    expect(await screen.findByRole('button', { name: 'Skip' })).toBeInTheDocument();
    expect(screen.queryByTestId('payment-progress')).not.toBeInTheDocument();
  });

  it('explains a failed capture and tries again', async () => {
    paymentStore.getState().set({ orderSn: SN });
    fakeApi({
      'POST /api/payments/capture': [
        {
          status: 409,
          body: {
            error: {
              code: 'conflict',
              message: 'This order expired before the payment was approved; nothing was charged.',
            },
          },
        },
        { body: captureResult() },
      ],
    });
    mountRemote({ name: 'mf_mysterybox', app, path: '/payment/order_pay?token=SBX-1' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your payment could not be completed. This order expired before the payment was approved; nothing was charged.',
    );
    expect(screen.getByRole('link', { name: 'Back to my order' })).toHaveAttribute(
      'href',
      `/payment/order_pay?order=${SN}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Skip' })).toBeInTheDocument();
  });

  it('after a cancel at the provider, keeps the box and lets the buyer cancel the order', async () => {
    paymentStore.getState().set({ orderSn: SN });
    fakeApi({
      [`GET /api/orders/${SN}`]: { body: order() },
      ...NO_METHODS,
      [`POST /api/orders/${SN}/cancel`]: {
        body: order({ status: 'cancelled', cancelledAt: '2026-11-21T23:05:00.000Z' }),
      },
    });
    mountRemote({ name: 'mf_mysterybox', app, path: '/payment/order_pay?token=SBX-1&cancelled=1' });
    expect(await screen.findByText(/You cancelled the payment, so nothing was charged/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(/This order was cancelled and nothing was charged/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Night Market Box' })).toHaveAttribute(
      'href',
      '/mysterybox/7',
    );
    expect(paymentStore.getState().orderSn).toBe('');
  });

  it('says plainly when the reservation has expired', async () => {
    fakeApi({
      [`GET /api/orders/${SN}`]: {
        body: order({ status: 'expired', expiredAt: '2026-11-21T23:15:00.000Z' }),
      },
      ...NO_METHODS,
    });
    mountRemote({ name: 'mf_mysterybox', app, path: `/payment/order_pay?order=${SN}` });
    expect(
      await screen.findByText(
        /The time to pay ran out .*, so the box went back on sale. Nothing was charged./,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /payment/ })).not.toBeInTheDocument();
  });

  it('reads the order again when its time runs out, and says it expired', async () => {
    const api = fakeApi({
      [`GET /api/orders/${SN}`]: [
        { body: order({ expiresAt: new Date(Date.now() - 1_000).toISOString() }) },
        { body: order({ status: 'expired', expiredAt: new Date().toISOString() }) },
      ],
      ...NO_METHODS,
    });
    mountRemote({ name: 'mf_mysterybox', app, path: `/payment/order_pay?order=${SN}` });
    expect(await screen.findByText(/The time to pay ran out/)).toBeInTheDocument();
    expect(api.callsTo('GET', `/api/orders/${SN}`)).toHaveLength(2);
  });

  it('pays with the saved method, checked from the start, at once, without the approval step', async () => {
    // The buyer chose the sandbox provider last time (and saved it): the saved method is what pays in one step now.
    paymentStore.getState().set({ payWayChecked: 'sandbox' });
    const payment = {
      id: 4,
      provider: 'sandbox',
      status: 'captured',
      token: 'SBX-2',
      approvalUrl: null,
      amount: { amountMinor: 1_499, currency: 'USD' },
      createdAt: '2026-11-21T23:00:00.000Z',
      capturedAt: '2026-11-21T23:00:01.000Z',
    };
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const api = fakeApi({
      [`GET /api/orders/${SN}`]: { body: order() },
      'GET /api/me/payment-methods': { body: { items: [SAVED_METHOD] } },
      [`POST /api/orders/${SN}/payments`]: async () => {
        await answered;
        return {
          status: 201,
          body: { payment, approvalUrl: null, result: { ...captureResult(), vaultToken: 'vault-123456' } },
        };
      },
    });
    mountRemote({ name: 'mf_mysterybox', app, path: `/payment/order_pay?order=${SN}` });
    expect(await screen.findByRole('radio', { name: /Saved: Sandbox test account/ })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByTestId('payment-progress')).toHaveTextContent(
      `Confirming your payment… Order ${SN}.`,
    );
    expect(screen.getByTestId('payment-progress')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    answer();
    expect(await screen.findByRole('button', { name: 'Skip' })).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/orders/${SN}/payments`)[0]?.body).toEqual({
      provider: 'sandbox',
      vaultToken: 'vault-123456',
    });
    expect(goToProviderMock).not.toHaveBeenCalled();
    expect(paymentStore.getState().vaultToken).toBe('vault-123456');
  });

  it('lets the buyer choose another way than the saved method, with the keyboard', async () => {
    fakeApi({
      [`GET /api/orders/${SN}`]: { body: order() },
      'GET /api/me/payment-methods': { body: { items: [SAVED_METHOD] } },
    });
    mountRemote({ name: 'mf_mysterybox', app, path: `/payment/order_pay?order=${SN}` });
    const saved = await screen.findByRole('radio', { name: /Saved: Sandbox test account/ });
    expect(saved).toBeChecked();
    saved.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /Test payment \(sandbox/ })).toBeChecked();
    expect(saved).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeInTheDocument();
  });

  it("keeps a failed saved-method payment's message and offers the ways to pay again", async () => {
    fakeApi({
      [`GET /api/orders/${SN}`]: { body: order() },
      'GET /api/me/payment-methods': { body: { items: [SAVED_METHOD] } },
      [`POST /api/orders/${SN}/payments`]: {
        status: 409,
        body: {
          error: {
            code: 'conflict',
            message:
              "The provider did not take the saved method's payment at once (DECLINED). Pay without the saved method.",
          },
        },
      },
    });
    mountRemote({ name: 'mf_mysterybox', app, path: `/payment/order_pay?order=${SN}` });
    await screen.findByRole('radio', { name: /Saved: Sandbox test account/ });
    await userEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The payment could not start. The provider did not take the saved method's payment at once (DECLINED).",
    );
    expect(screen.queryByTestId('payment-progress')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Saved: Sandbox test account/ })).toBeChecked();
  });

  it('asks a signed-out visitor to log in and come back to this very address', async () => {
    signInAs(null);
    fakeApi({});
    mountRemote({ name: 'mf_mysterybox', app, path: '/payment/order_pay?token=SBX-1' });
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?return_to=%2Fpayment%2Forder_pay%3Ftoken%3DSBX-1',
    );
  });

  describe('a ship-out fee', () => {
    const SHIP_SN = 'AT2222333344445555';
    const paid = () => ({
      order: shipOutOrder({
        status: 'fulfilled',
        paidAt: '2026-11-21T23:01:00.000Z',
        fulfilledAt: '2026-11-21T23:01:00.000Z',
      }),
      draw: null,
      vaultToken: 'vault-123456',
    });

    it('shows what it ships and the fee instead of a box, and a saved method pays it at once, confirmed with the way back to the locker', async () => {
      const api = fakeApi({
        [`GET /api/orders/${SHIP_SN}`]: { body: shipOutOrder() },
        'GET /api/me/payment-methods': { body: { items: [SAVED_METHOD] } },
        [`POST /api/orders/${SHIP_SN}/payments`]: {
          status: 201,
          body: {
            payment: {
              id: 9,
              provider: 'sandbox',
              status: 'captured',
              token: 'SBX-9',
              approvalUrl: null,
              amount: { amountMinor: 1_499, currency: 'USD' },
              createdAt: '2026-11-21T23:00:00.000Z',
              capturedAt: '2026-11-21T23:01:00.000Z',
            },
            approvalUrl: null,
            result: paid(),
          },
        },
      });
      mountRemote({ name: 'mf_mysterybox', app, path: `/payment/order_pay?order=${SHIP_SN}` });
      expect(
        await screen.findByRole('heading', { name: 'Ship-out of 2 figures to London' }),
      ).toBeInTheDocument();
      expect(screen.getByTestId('order-line')).toHaveTextContent(/^Shipping fee · \$14\.99$/);
      expect(screen.getByText(/Your figures are held for/)).toBeInTheDocument();
      expect(screen.queryByText(/Night Market Box/)).not.toBeInTheDocument();
      await userEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
      expect(
        await screen.findByText(/Your ship-out of 2 figures to London is requested/),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to my locker' })).toHaveAttribute('href', '/locker');
      expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
      expect(api.callsTo('POST', `/api/orders/${SHIP_SN}/payments`)[0]?.body).toEqual({
        provider: 'sandbox',
        vaultToken: 'vault-123456',
      });
      expect(goToProviderMock).not.toHaveBeenCalled();
    });

    it('after the sandbox approval, the capture confirms the ship-out (no box to open)', async () => {
      fakeApi({ 'POST /api/payments/capture': { body: paid() } });
      mountRemote({ name: 'mf_mysterybox', app, path: '/payment/order_pay?token=SBX-9' });
      expect(
        await screen.findByText(`Payment received for order ${SHIP_SN}. Thank you!`),
      ).toBeInTheDocument();
      expect(screen.getByText(/warehouse packs it next/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to my locker' })).toHaveAttribute('href', '/locker');
      expect(screen.queryByText('Opening your box…')).not.toBeInTheDocument();
      expect(paymentStore.getState()).toMatchObject({ isAuthorized: true, vaultToken: 'vault-123456' });
    });

    it('expired unpaid: says the figures are back in the locker', async () => {
      fakeApi({
        [`GET /api/orders/${SHIP_SN}`]: {
          body: shipOutOrder({ status: 'expired', expiredAt: '2026-11-21T23:15:00.000Z' }),
        },
        ...NO_METHODS,
      });
      mountRemote({ name: 'mf_mysterybox', app, path: `/payment/order_pay?order=${SHIP_SN}` });
      expect(
        await screen.findByText(/so the ship-out was cancelled and your figures are back in your locker/),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to my locker' })).toHaveAttribute('href', '/locker');
    });
  });
});
