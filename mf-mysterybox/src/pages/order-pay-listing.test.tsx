import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureResultSchema, orderSchema } from '@arttoy/shared/contracts/api';
import { paymentStore } from '@arttoy/shared/stores';
import { fakeApi, mountRemote } from '@arttoy/shared/testing';
import * as app from '../app';
import { goToProvider } from '../components/provider-redirect';
import { listingCaptureResult, listingOrder, NO_METHODS, SAVED_METHOD } from '../test/fixtures';
import { resetStores, signInAs } from '../test/signed-in';

jest.mock('@arttoy/shared/auth', () => ({ idToken: jest.fn(async () => 'test-token') }));
jest.mock('../components/provider-redirect', () => ({ goToProvider: jest.fn() }));
const goToProviderMock = jest.mocked(goToProvider);

const SN = 'AT3333444455556666';
const PAGE = `/payment/order_pay?order=${SN}`;
const captured = {
  id: 9,
  provider: 'sandbox',
  status: 'captured',
  token: 'SBX-9',
  approvalUrl: null,
  amount: { amountMinor: 1_800, currency: 'USD' },
  createdAt: '2026-11-21T23:00:00.000Z',
  capturedAt: '2026-11-21T23:01:00.000Z',
};

beforeEach(() => {
  resetStores();
  signInAs('u-1');
  goToProviderMock.mockReset();
});

describe("/payment/order_pay: a collector's listing", () => {
  it('fixtures are answers the API could send', () => {
    const order = listingOrder();
    expect(orderSchema.parse(order)).toEqual(order);
    expect(captureResultSchema.parse(listingCaptureResult()).draw).toBeNull();
  });

  it('shows the figure and its seller instead of a box, held while the buyer pays through the same flow', async () => {
    const approvalUrl = '/api/payments/sandbox/checkout?token=SBX-9';
    const payment = { ...captured, status: 'created', token: 'SBX-9', approvalUrl, capturedAt: null };
    const api = fakeApi({
      [`GET /api/orders/${SN}`]: { body: listingOrder() },
      ...NO_METHODS,
      [`POST /api/orders/${SN}/payments`]: { status: 201, body: { payment, approvalUrl, result: null } },
    });
    mountRemote({ name: 'mf_mysterybox', app, path: PAGE });
    expect(await screen.findByRole('heading', { name: 'Noodle Fox' })).toBeInTheDocument();
    expect(screen.getByTestId('order-line')).toHaveTextContent(/^From @kai · \$18\.00$/);
    expect(screen.getByText(/This figure is held for/)).toBeInTheDocument();
    expect(screen.queryByText(/Qty|Night Market Box|Your box/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(goToProviderMock).toHaveBeenCalledWith(approvalUrl));
    expect(api.callsTo('POST', `/api/orders/${SN}/payments`)[0]?.body).toEqual({
      provider: 'sandbox',
      saveMethod: false,
    });
    expect(paymentStore.getState()).toMatchObject({ orderSn: SN, currentToken: 'SBX-9' });
  });

  it('paid at once with a saved method: says the figure is coming, then that it is yours, with the way to the locker (no reveal)', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    fakeApi({
      [`GET /api/orders/${SN}`]: { body: listingOrder() },
      'GET /api/me/payment-methods': { body: { items: [SAVED_METHOD] } },
      [`POST /api/orders/${SN}/payments`]: async () => {
        await answered;
        return {
          status: 201,
          body: { payment: captured, approvalUrl: null, result: listingCaptureResult() },
        };
      },
    });
    mountRemote({ name: 'mf_mysterybox', app, path: PAGE });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    expect(await screen.findByTestId('payment-progress')).toHaveTextContent(
      'The figure moves to your locker as soon as the payment is confirmed',
    );
    answer();
    const news = await screen.findByRole('heading', { name: "It's yours: Noodle Fox is in your locker" });
    await waitFor(() => expect(news).toHaveFocus());
    expect(screen.getByText(/Bought from @kai/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my locker' })).toHaveAttribute('href', '/locker');
    expect(screen.queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    expect(screen.queryByText('Opening your box…')).not.toBeInTheDocument();
    expect(paymentStore.getState()).toMatchObject({ isAuthorized: true, itemId: '91', orderSn: '' });
  });

  it("back from the sandbox approval, the capture confirms the figure is the buyer's", async () => {
    paymentStore.getState().set({ orderSn: SN });
    fakeApi({ 'POST /api/payments/capture': { body: listingCaptureResult() } });
    mountRemote({ name: 'mf_mysterybox', app, path: '/payment/order_pay?token=SBX-9' });
    expect(await screen.findByText(`Payment received for order ${SN}. Thank you!`)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: "It's yours: Noodle Fox is in your locker" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the receipt' })).toHaveAttribute('href', `/orders/${SN}`);
    expect(screen.queryByText(/warehouse/)).not.toBeInTheDocument();
  });

  it('expired unpaid: the figure went back on sale, with the way back to its page', async () => {
    fakeApi({
      [`GET /api/orders/${SN}`]: {
        body: listingOrder({ status: 'expired', expiredAt: '2026-11-21T23:15:00.000Z' }),
      },
      ...NO_METHODS,
    });
    mountRemote({ name: 'mf_mysterybox', app, path: PAGE });
    expect(
      await screen.findByText(
        /The time to pay ran out .*, so the figure went back on sale. Nothing was charged./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Noodle Fox' })).toHaveAttribute(
      'href',
      '/gallery/style/detail/noodle-fox',
    );
    expect(screen.queryByRole('button', { name: /payment/ })).not.toBeInTheDocument();
  });

  it('opened again once paid: says the figure is in the locker', async () => {
    fakeApi({ [`GET /api/orders/${SN}`]: { body: listingCaptureResult().order }, ...NO_METHODS });
    mountRemote({ name: 'mf_mysterybox', app, path: PAGE });
    expect(
      await screen.findByText("This order is paid. It's yours: Noodle Fox is in your locker."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my locker' })).toHaveAttribute('href', '/locker');
    expect(screen.queryByText(/ship-out|warehouse/i)).not.toBeInTheDocument();
  });
});
