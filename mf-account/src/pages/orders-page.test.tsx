import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, findPlaceholder, mountRemote } from '@arttoy/shared/testing';
import { clearPageReads } from '@arttoy/shared/query';
import * as app from '../app';
import { drawOf, orderPage, paidOrder } from '../test/order-fixtures';
import { setAuth } from '../test/auth';

jest.mock('@arttoy/shared/auth', () => ({
  ...jest.requireActual('@arttoy/shared/auth'),
  idToken: jest.fn(async () => 'test-token'),
}));

const FIRST = paidOrder(1, 'AT0000000000000001');
const UNPAID = paidOrder(2, 'AT0000000000000002', {
  status: 'pending_payment',
  expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  paidAt: null,
  fulfilledAt: null,
  payment: null,
  drawId: null,
  lockerItemId: null,
});
const EXPIRED = paidOrder(3, 'AT0000000000000003', {
  status: 'expired',
  expiredAt: '2026-11-21T23:15:00.000Z',
  paidAt: null,
  fulfilledAt: null,
  payment: null,
  drawId: null,
  lockerItemId: null,
});

function signIn(signedIn = true) {
  setAuth(signedIn ? { uid: 'u-1', displayName: 'Ada', email: 'ada@example.test' } : null);
}

beforeEach(() => {
  clearPageReads();
  signIn();
});

const orderList = () => screen.findByRole('list', { name: 'Your orders' }, { timeout: 5_000 });

describe('/orders', () => {
  it('lists every order with number, date, box, amount, payment method and status, its receipt and draw proof', async () => {
    const api = fakeApi({ 'GET /api/orders': { body: orderPage([FIRST, UNPAID, EXPIRED]) } });
    mountRemote({ name: 'mf_account', app, path: '/orders' });
    const items = within(await orderList()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const first = within(items[0] as HTMLElement);
    expect(first.getByRole('heading', { name: 'Order AT0000000000000001' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('DateNovember 21, 2026 at');
    expect(items[0]).toHaveTextContent('BoxNight Market Box');
    expect(first.getByTestId('order-amount')).toHaveTextContent('$14.99');
    expect(items[0]).toHaveTextContent('PaymentSandbox (test mode)');
    expect(first.getByTestId('order-status')).toHaveTextContent('Paid, figure drawn');
    expect(first.getByRole('link', { name: 'Receipt for order AT0000000000000001' })).toHaveAttribute(
      'href',
      '/orders/AT0000000000000001',
    );
    expect(first.getByRole('link', { name: 'Draw proof of order AT0000000000000001' })).toHaveAttribute(
      'href',
      '/mysterybox/test?draw=501',
    );
    const unpaid = within(items[1] as HTMLElement);
    expect(unpaid.getByTestId('order-status')).toHaveTextContent('Awaiting payment');
    expect(items[1]).toHaveTextContent('PaymentNot paid');
    expect(unpaid.queryByRole('link', { name: /Draw proof/ })).not.toBeInTheDocument();
    expect(unpaid.getByRole('link', { name: 'Pay now for order AT0000000000000002' })).toHaveAttribute(
      'href',
      '/payment/order_pay?order=AT0000000000000002',
    );
    expect(within(items[2] as HTMLElement).getByTestId('order-status')).toHaveTextContent('Expired');
    expect(within(items[2] as HTMLElement).queryByRole('link', { name: /Pay now/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/orders')[0]).toMatchObject({ path: '/api/orders?page=1&pageSize=10' });
    expect(api.callsTo('GET', '/api/orders')[0]?.headers.get('authorization')).toBe('Bearer test-token');
  });

  it('lists a ship-out fee as what it ships, paid and with the warehouse, with no draw proof', async () => {
    const shipOut = paidOrder(4, 'AT0000000000000004', {
      kind: 'ship_out',
      boxModel: null,
      shipOut: { shipRequestId: 12, figures: 2, city: 'London', country: 'GB' },
      drawId: null,
      lockerItemId: null,
    });
    fakeApi({ 'GET /api/orders': { body: orderPage([shipOut]) } });
    mountRemote({ name: 'mf_account', app, path: '/orders' });
    const [item] = within(await orderList()).getAllByRole('listitem') as [HTMLElement];
    expect(item).toHaveTextContent('Ship-outShip-out of 2 figures to London, GB');
    expect(item).not.toHaveTextContent('Night Market Box');
    expect(within(item).getByTestId('order-status')).toHaveTextContent('Paid, with the warehouse');
    expect(within(item).queryByRole('link', { name: /Draw proof/ })).not.toBeInTheDocument();
  });

  it('pages through the orders with links', async () => {
    const api = fakeApi({
      'GET /api/orders?page=1&pageSize=10': { body: orderPage([FIRST], 1, 12) },
      'GET /api/orders?page=2&pageSize=10': { body: orderPage([EXPIRED], 2, 12) },
    });
    const { router } = mountRemote({ name: 'mf_account', app, path: '/orders' });
    await orderList();
    expect(screen.getByText('12 orders, newest first.')).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Pages of orders' })).getByRole('link', {
        name: 'Next page',
      }),
    );
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/orders?page=2'),
    );
    expect(await screen.findByRole('heading', { name: 'Order AT0000000000000003' })).toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual([
      '/api/orders?page=1&pageSize=10',
      '/api/orders?page=2&pageSize=10',
    ]);
  });

  it('says "No orders yet" and leads to the boxes', async () => {
    fakeApi({ 'GET /api/orders': { body: orderPage([]) } });
    mountRemote({ name: 'mf_account', app, path: '/orders' });
    expect(await screen.findByText('No orders yet.', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a mystery box' })).toHaveAttribute('href', '/mysterybox');
  });

  it('explains a failure and tries again', async () => {
    fakeApi({ 'GET /api/orders': [{ status: 500 }, { status: 500 }, { body: orderPage([FIRST]) }] });
    mountRemote({ name: 'mf_account', app, path: '/orders' });
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'Your orders could not be loaded.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(within(await orderList()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('sends a signed-out visitor to /login, to come back to the orders', async () => {
    signIn(false);
    const { router } = mountRemote({ name: 'mf_account', app, path: '/orders' });
    await findPlaceholder('login');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/login?return_to=%2Forders',
    );
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('/orders/:order_sn', () => {
  it('shows a printable receipt: seller, order, payment and the draw with its proof link', async () => {
    const api = fakeApi({
      'GET /api/orders/AT0000000000000001': { body: FIRST },
      'GET /api/draws/501': { body: drawOf(FIRST) },
    });
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    mountRemote({ name: 'mf_account', app, path: '/orders/AT0000000000000001' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Receipt for order AT0000000000000001' }),
    ).toBeInTheDocument();
    const seller = await screen.findByRole('region', { name: 'Seller' }, { timeout: 5_000 });
    expect(seller).toHaveTextContent('ArtToy Club');
    expect(within(seller).getByRole('link', { name: 'support@arttoy.club' })).toHaveAttribute(
      'href',
      'mailto:support@arttoy.club',
    );
    const order = screen.getByRole('region', { name: 'Order' });
    expect(order).toHaveTextContent('Order numberAT0000000000000001');
    expect(within(order).getByTestId('receipt-total')).toHaveTextContent('$14.99');
    expect(within(order).getByTestId('receipt-status')).toHaveTextContent('Paid, figure drawn');
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('MethodSandbox (test mode)');
    const draw = screen.getByRole('region', { name: 'Draw' });
    expect(within(draw).getByTestId('receipt-figure')).toHaveTextContent(
      'Lantern Cat (Night Market, figure 1)',
    );
    expect(draw).toHaveTextContent('Client seedmy-seed');
    expect(draw).toHaveTextContent('Nonce3');
    expect(draw).toHaveTextContent('Secret until you rotate it');
    expect(within(draw).getByRole('link', { name: 'Verify this draw' })).toHaveAttribute(
      'href',
      '/mysterybox/test?draw=501',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Print' }).closest('.no-print')).not.toBeNull();
    expect(api.callsTo('GET', '/api/draws/501')[0]?.headers.get('authorization')).toBe('Bearer test-token');
    print.mockRestore();
  });

  it('says an unpaid order drew nothing, without asking for a draw', async () => {
    const api = fakeApi({ 'GET /api/orders/AT0000000000000003': { body: EXPIRED } });
    mountRemote({ name: 'mf_account', app, path: '/orders/AT0000000000000003' });
    expect(
      await screen.findByText('Nothing was drawn: the order was not paid.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent(
      'No payment was made for this order.',
    );
    expect(api.callsTo('GET', '/api/draws/503')).toHaveLength(0);
  });

  it("says so when the order is not the visitor's (the API's 404)", async () => {
    fakeApi({
      'GET /api/orders/AT0000000000000009': {
        status: 404,
        body: { error: { code: 'not_found', message: 'Order AT0000000000000009 not found.' } },
      },
    });
    mountRemote({ name: 'mf_account', app, path: '/orders/AT0000000000000009' });
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'No order AT0000000000000009 in your account.',
    );
    expect(screen.getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/orders');
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login, to come back to the receipt', async () => {
    signIn(false);
    const { router } = mountRemote({ name: 'mf_account', app, path: '/orders/AT0000000000000001' });
    await findPlaceholder('login');
    expect(router.state.location.search).toBe('?return_to=%2Forders%2FAT0000000000000001');
  });
});
