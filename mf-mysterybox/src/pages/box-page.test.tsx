import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paymentStore } from '@arttoy/shared/stores';
import { fakeApi, mountRemote } from '@arttoy/shared/testing';
import * as app from '../app';
import type { LockerItem } from '@arttoy/shared/contracts/api';
import { box, fairness, figure, order, SEED_HASH } from '../test/fixtures';
import { resetStores, signInAs } from '../test/signed-in';

jest.mock('@arttoy/shared/auth', () => ({ idToken: jest.fn(async () => 'test-token') }));

beforeEach(resetStores);

const buyButton = () => screen.findByRole('button', { name: /Buy now|Log in to buy/ });

/** The signed-in visitor's locker holding these figures. */
function locker(...figures: ReturnType<typeof figure>[]): { items: LockerItem[] } {
  return {
    items: figures.map((item, index) => ({
      id: 80 + index,
      status: 'in_locker',
      figure: item,
      series: item.series,
      acquiredAt: '2026-11-21T23:00:00.000Z',
      shipRequestedAt: null,
      shippedAt: null,
      drawId: 5 + index,
      shipRequestId: null,
      listingId: null,
    })),
  };
}

const oddsItems = () =>
  within(screen.getByRole('list', { name: 'Figures and their odds' })).getAllByRole('listitem');

describe('/mysterybox/{model_id}', () => {
  it('shows every figure with its art and published probability, the secret masked, with price and stock', async () => {
    fakeApi({ 'GET /api/box-models/7': { body: box() } });
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Market Box' })).toBeInTheDocument();
    expect(oddsItems().map((item) => item.textContent)).toEqual([
      'Lantern Cat50.0% Exact500,000 in 1,000,000 (1 in 2)',
      'Noodle Fox49.3% Exact493,056 in 1,000,000 (about 1 in 2)',
      '?Secret figureSecret0.7% Exact6,944 in 1,000,000 (about 1 in 144)',
    ]);
    expect(screen.getByRole('img', { name: 'Noodle Fox, figure 2' })).toHaveAttribute(
      'src',
      '/api/art/102.svg',
    );
    expect(screen.getByRole('img', { name: /^Secret figure, figure 3/ })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Moon Owl/ })).not.toBeInTheDocument();
    expect(document.querySelector('img[src="/api/art/103.svg"]')).toBeNull();
    expect(screen.getByRole('heading', { name: '$14.99' })).toBeInTheDocument();
    expect(screen.getByText('12 left')).toBeInTheDocument();
    expect(document.title).toBe('Night Market Box · ArtToy Club');
  });

  it("shows the box's own packaging art, and gives it as the page's picture", async () => {
    // A served document's head: its link-preview picture follows the page's.
    document.head.innerHTML = '<link rel="canonical" href="https://arttoy.example/">';
    fakeApi({ 'GET /api/box-models/7': { body: box() } });
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/7' });
    const art = await screen.findByRole('img', { name: 'Night Market Box packaging' });
    expect(art).toHaveAttribute('src', '/api/box-models/7/art.svg?v=1');
    expect(art).toHaveAttribute('width', '240');
    expect(art).toHaveAttribute('height', '240');
    await waitFor(() =>
      expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(
        /\/api\/box-models\/7\/art\.svg\?v=1$/,
      ),
    );
    document.head.innerHTML = '';
  });

  it('reveals a secret figure to a signed-in visitor who has pulled it, and only then', async () => {
    signInAs('u-1');
    const api = fakeApi({
      'GET /api/box-models/7': { body: box() },
      'GET /api/me/fairness': { body: fairness() },
      'GET /api/locker': { body: locker(figure(103, 'Moon Owl', 'secret')) },
    });
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/7' });
    expect(await screen.findByRole('img', { name: 'Moon Owl, figure 3' })).toHaveAttribute(
      'src',
      '/api/art/103.svg',
    );
    expect(oddsItems()[2]).toHaveTextContent('Moon OwlSecret0.7%');
    expect(api.callsTo('GET', '/api/locker')[0]?.headers.get('authorization')).toBe('Bearer test-token');
  });

  it('keeps the secret masked for a signed-in visitor who has not pulled it', async () => {
    signInAs('u-1');
    fakeApi({
      'GET /api/box-models/7': { body: box() },
      'GET /api/me/fairness': { body: fairness() },
      'GET /api/locker': { body: locker(figure(101, 'Lantern Cat')) },
    });
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/7' });
    expect(await screen.findByTestId('server-seed-hash')).toBeInTheDocument();
    await waitFor(() => expect(oddsItems()[2]).toHaveTextContent('?Secret figureSecret0.7%'));
    expect(screen.getByRole('img', { name: /^Secret figure, figure 3/ })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Moon Owl/ })).not.toBeInTheDocument();
  });

  it('shows the odds rounded to sum to 100%, the exact odds behind a native disclosure', async () => {
    fakeApi({ 'GET /api/box-models/7': { body: box() } });
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/7' });
    const exact = await screen.findByText('Exact', {
      selector: 'summary[aria-label="Exact odds of Noodle Fox"]',
    });
    const shown = oddsItems().map((item) =>
      Number(item.querySelector('strong')?.textContent?.replace('%', '')),
    );
    expect(shown.reduce((sum, percent) => sum + percent * 10, 0)).toBe(1000);
    const details = exact.closest('details');
    expect(details).not.toHaveAttribute('open');
    // A summary element: focusable and opened by Enter or Space natively (jsdom runs only its click).
    await userEvent.click(exact);
    expect(details).toHaveAttribute('open');
    expect(details).toHaveTextContent('493,056 in 1,000,000 (about 1 in 2)');
  });

  it('hands an unknown box to the shell as a 404', async () => {
    fakeApi({
      'GET /api/box-models/999': {
        status: 404,
        body: { error: { code: 'not_found', message: 'Box model 999 was not found.' } },
      },
    });
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/999' });
    // The test outlet prints what the shell would turn into its 404 page.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'mf_mysterybox failed: Page not found: /mysterybox/999',
    );
  });

  it('sends a signed-out visitor to log in and back', async () => {
    fakeApi({ 'GET /api/box-models/7': { body: box() } });
    const { router } = mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/7' });
    expect(await screen.findByText(/Log in to see the hash of your server seed/)).toBeInTheDocument();
    await userEvent.click(await buyButton());
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/login?return_to=%2Fmysterybox%2F7',
      ),
    );
  });

  it('says a sold-out box is sold out and offers no buy button', async () => {
    fakeApi({ 'GET /api/box-models/7': { body: box({ stock: 0 }) } });
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/7' });
    expect(await screen.findByText(/This box is sold out/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Buy/ })).not.toBeInTheDocument();
  });

  it('shows the seed hash and client seed, and checks an edited client seed', async () => {
    signInAs('u-1');
    fakeApi({ 'GET /api/box-models/7': { body: box() }, 'GET /api/me/fairness': { body: fairness() } });
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/7' });
    expect(await screen.findByTestId('server-seed-hash')).toHaveTextContent(SEED_HASH);
    const seed = screen.getByLabelText('Your client seed');
    expect(seed).toHaveValue('my-seed');
    await userEvent.clear(seed);
    await userEvent.type(seed, 'two words');
    expect(seed).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/may only contain letters, digits/)).toBeInTheDocument();
    expect(await buyButton()).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'New random seed' }));
    expect((seed as HTMLInputElement).value).toMatch(/^[0-9a-f]{16}$/);
    expect(await buyButton()).toBeEnabled();
  });

  it('creates the order with an idempotency key and the client seed, stores it, and goes to pay', async () => {
    signInAs('u-1');
    const api = fakeApi({
      'GET /api/box-models/7': { body: box() },
      'GET /api/me/fairness': { body: fairness() },
      'POST /api/orders': { status: 201, body: order() },
    });
    const { router } = mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/7' });
    await screen.findByTestId('server-seed-hash');
    await userEvent.click(await buyButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/order_pay'));
    expect(router.state.location.search).toBe('?order=AT7K2M9Q4X1B8C3D5E');
    const [call] = api.callsTo('POST', '/api/orders');
    expect(call?.body).toEqual({ boxModelId: 7, quantity: 1, clientSeed: 'my-seed' });
    expect(call?.headers.get('idempotency-key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(call?.headers.get('authorization')).toBe('Bearer test-token');
    expect(paymentStore.getState()).toMatchObject({ orderSn: 'AT7K2M9Q4X1B8C3D5E', orderId: '41' });
  });

  it('reads the box again after an order took one, so going back shows the stock left', async () => {
    signInAs('u-1');
    const api = fakeApi({
      'GET /api/box-models/7': [{ body: box() }, { body: box({ stock: 11 }) }],
      'GET /api/me/fairness': { body: fairness() },
      'GET /api/locker': { body: locker() },
      'GET /api/orders/AT7K2M9Q4X1B8C3D5E': { body: order() },
      'GET /api/me/payment-methods': { body: { items: [] } },
      'GET /api/payments/providers': { body: { providers: ['sandbox'] } },
      'POST /api/orders': { status: 201, body: order() },
    });
    const { router, navigate } = mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/7' });
    await screen.findByTestId('server-seed-hash');
    await userEvent.click(await buyButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/order_pay'));
    await navigate('/mysterybox/7');
    expect(await screen.findByText('11 left')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/box-models/7')).toHaveLength(2);
  });

  /** The page of box 7 for a buyer whose newest orders are these. */
  const openWithOrders = (items: ReturnType<typeof order>[], more: Parameters<typeof fakeApi>[0] = {}) => {
    signInAs('u-1');
    const api = fakeApi({
      'GET /api/box-models/7': { body: box() },
      'GET /api/me/fairness': { body: fairness() },
      'GET /api/locker': { body: locker() },
      'GET /api/orders': { body: { items, page: 1, pageSize: 100, total: items.length, totalPages: 1 } },
      ...more,
    });
    return { api, ...mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/7' }) };
  };

  it('shows the box the buyer already holds, with the time left and Pay now instead of Buy', async () => {
    const { router } = openWithOrders([
      order({ boxModel: { id: 8, slug: 'other', name: 'Other' } }),
      order(),
    ]);
    const hold = await screen.findByRole('group', { name: /You are holding one of these boxes/ });
    expect(hold).toHaveTextContent('Order AT7K2M9Q4X1B8C3D5E awaits payment.');
    expect(within(hold).getByTestId('countdown')).toHaveTextContent(/^(10:00|9:5\d)$/);
    expect(screen.queryByRole('button', { name: /Buy now/ })).not.toBeInTheDocument();
    await userEvent.click(within(hold).getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/order_pay'));
    expect(router.state.location.search).toBe('?order=AT7K2M9Q4X1B8C3D5E');
    expect(paymentStore.getState()).toMatchObject({ orderSn: 'AT7K2M9Q4X1B8C3D5E', orderId: '41' });
  });

  it('cancels the hold from the box page, and offers Buy again', async () => {
    let cancelled = false;
    const { api } = openWithOrders([], {
      'GET /api/orders': () => {
        const items = cancelled ? [order({ status: 'cancelled' })] : [order()];
        return { body: { items, page: 1, pageSize: 100, total: 1, totalPages: 1 } };
      },
      'POST /api/orders/AT7K2M9Q4X1B8C3D5E/cancel': () => {
        cancelled = true;
        return { body: order({ status: 'cancelled' }) };
      },
    });
    const hold = await screen.findByRole('group', { name: /You are holding one of these boxes/ });
    await userEvent.click(within(hold).getByRole('button', { name: 'Cancel' }));
    expect(await buyButton()).toHaveTextContent('Buy now');
    expect(screen.queryByRole('group', { name: /You are holding/ })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/orders/AT7K2M9Q4X1B8C3D5E/cancel')).toHaveLength(1);
  });

  it('offers Buy for a hold that ran out, was paid, or is of another box', async () => {
    const { api } = openWithOrders([
      order({ expiresAt: new Date(Date.now() - 1_000).toISOString() }),
      order({ status: 'paid' }),
      order({ boxModel: { id: 8, slug: 'other', name: 'Other' } }),
    ]);
    await waitFor(() => expect(api.callsTo('GET', '/api/orders')).toHaveLength(1));
    await screen.findByTestId('server-seed-hash');
    expect(await buyButton()).toHaveTextContent('Buy now');
    expect(screen.queryByRole('group', { name: /You are holding/ })).not.toBeInTheDocument();
  });

  it('goes to pay the order the API resumed when Buy is pressed again while a box is held', async () => {
    const { api, router } = openWithOrders([], {
      'POST /api/orders': { status: 200, body: order({ orderSn: 'ATRESUMED000000001' }) },
    });
    await screen.findByTestId('server-seed-hash');
    await userEvent.click(await buyButton());
    await waitFor(() => expect(router.state.location.search).toBe('?order=ATRESUMED000000001'));
    expect(api.callsTo('POST', '/api/orders')).toHaveLength(1);
  });

  it("shows the pulled secret of the visitor signed in now, never the previous visitor's", async () => {
    signInAs('u-1');
    let releaseSecond = () => {};
    const secondLocker = new Promise<{ body: unknown }>((resolve) => {
      releaseSecond = () => resolve({ body: locker() });
    });
    fakeApi({
      'GET /api/box-models/7': { body: box() },
      'GET /api/me/fairness': { body: fairness() },
      'GET /api/locker': [{ body: locker(figure(103, 'Moon Owl', 'secret')) }, () => secondLocker],
    });
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/7' });
    expect(await screen.findByRole('img', { name: 'Moon Owl, figure 3' })).toBeInTheDocument();
    act(() => signInAs('u-2'));
    // Masked at once: u-1's locker is not u-2's, not even while u-2's is read.
    expect(screen.queryByRole('img', { name: /Moon Owl/ })).not.toBeInTheDocument();
    releaseSecond();
    await waitFor(() => expect(oddsItems()[2]).toHaveTextContent('?Secret figureSecret0.7%'));
  });

  it('buys with the seed on record when the seed could not be read, instead of sending an empty one', async () => {
    signInAs('u-1');
    const api = fakeApi({
      'GET /api/box-models/7': { body: box() },
      'GET /api/me/fairness': { status: 500 },
      'POST /api/orders': { status: 201, body: order() },
    });
    const { router } = mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/7' });
    await userEvent.click(await buyButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/order_pay'));
    expect(api.callsTo('POST', '/api/orders')[0]?.body).toEqual({ boxModelId: 7, quantity: 1 });
  });

  it('retries a failed attempt with the same idempotency key', async () => {
    signInAs('u-1');
    const api = fakeApi({
      'GET /api/box-models/7': { body: box() },
      'GET /api/me/fairness': { body: fairness() },
      'POST /api/orders': [{ status: 0 }, { status: 201, body: order() }],
    });
    const { router } = mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/7' });
    await screen.findByTestId('server-seed-hash');
    await userEvent.click(await buyButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your box could not be reserved. We could not reach the shop.',
    );
    await userEvent.click(await buyButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/order_pay'));
    const keys = api.callsTo('POST', '/api/orders').map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  /** The last box's page, signed in, where ordering is refused as sold out with this message. */
  const openWhenSoldOut = (message: string) => {
    signInAs('u-1');
    fakeApi({
      'GET /api/box-models/7': { body: box({ stock: 1 }) },
      'GET /api/me/fairness': { body: fairness() },
      'POST /api/orders': {
        status: 409,
        body: {
          error: {
            code: 'conflict',
            reason: 'box_sold_out',
            message,
            details: { reason: 'sold_out', boxModelId: 7, available: 0 },
          },
        },
      },
    });
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox/7' });
  };

  it('says so when the last box went to someone else first', async () => {
    openWhenSoldOut('Night Market Box is sold out.');
    expect(await screen.findByText('Last one')).toBeInTheDocument();
    await screen.findByTestId('server-seed-hash');
    await userEvent.click(await buyButton());
    expect(await screen.findByText(/This box is sold out/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Buy/ })).not.toBeInTheDocument();
  });

  it('knows a sold-out refusal by its code, whatever its message says', async () => {
    openWhenSoldOut('Every Night Market Box has gone (GET /api/box-models lists the others).');
    await screen.findByTestId('server-seed-hash');
    await userEvent.click(await buyButton());
    expect(await screen.findByText(/This box is sold out/)).toBeInTheDocument();
    expect(screen.queryByText(/GET \/api/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Buy/ })).not.toBeInTheDocument();
  });
});
