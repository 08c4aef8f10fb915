import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, paymentStore, resetPaymentStore } from '@arttoy/shared/stores';
import { mountGallery } from '../../test/mount-gallery';
import {
  figureMarket,
  listing,
  listingOrder,
  myListing,
  sale,
  THREE_SALES,
  usd,
} from '../../test/market-fixtures';

jest.mock('@arttoy/shared/auth', () => ({ idToken: jest.fn(async () => 'test-token') }));

const PAGE = '/gallery/style/detail/croissant-cub';
const ORDERS = '/api/listings/12/orders';

function signInAs(uid: string | null): void {
  authStore.setState({
    user: uid ? { uid, displayName: null, email: null } : null,
    loading: false,
    error: null,
    disabled: false,
    disabledReason: null,
    pendingProvider: null,
  });
}

/** The figure page with the given market, and its "From collectors" section once read. */
async function openMarket(market: ReturnType<typeof figureMarket>) {
  const mounted = mountGallery(PAGE);
  mounted.api.market.figures['croissant-cub'] = market;
  const section = await screen.findByRole('region', { name: 'From collectors' });
  await within(section).findByRole('heading', { name: 'Recent sales' });
  return { ...mounted, section };
}

const conflict = (reason: string, message: string) => ({
  status: 409,
  body: { error: { code: 'conflict', reason, message } },
});

beforeEach(() => {
  localStorage.clear();
  resetPaymentStore();
  signInAs('u-1');
});

describe('a figure page: from collectors', () => {
  it('lists open listings cheapest first, by handle, with a Buy button each, and a reserved one that cannot be bought', async () => {
    const { section } = await openMarket(
      figureMarket({
        listings: [listing(13, 2_500, 'mei'), listing(12, 1_800, 'kai'), listing(14, 2_100, 'rio', true)],
      }),
    );
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^\$18\.00@kaiBuy/),
      expect.stringMatching(/^\$21\.00@rioReserved/),
      expect.stringMatching(/^\$25\.00@meiBuy/),
    ]);
    expect(within(section).getByRole('button', { name: 'Buy for $18.00 from @kai' })).toBeEnabled();
    expect(within(section).getByRole('button', { name: 'Reserved for $21.00 from @rio' })).toBeDisabled();
    expect(within(section).queryByText(/No one is selling/)).not.toBeInTheDocument();
  });

  it('tells a buyer whose unpaid order holds a listing that it is reserved for them, with the way to pay; others see it reserved', async () => {
    const mounted = mountGallery(PAGE);
    // Unpaid and within its time (an order past it holds nothing, whatever its status says yet).
    mounted.api.market.myOrders = [
      { ...listingOrder(14, 2_100), expiresAt: new Date(Date.now() + 600_000).toISOString() },
      listingOrder(12, 1_800),
    ];
    mounted.api.market.figures['croissant-cub'] = figureMarket({
      listings: [listing(12, 1_800, 'kai'), listing(14, 2_100, 'rio', true)],
    });
    const section = await screen.findByRole('region', { name: 'From collectors' });
    const pay = await within(section).findByRole('link', {
      name: 'Reserved for you: pay now for $21.00 from @rio',
    });
    expect(pay).toHaveAttribute('href', `/payment/order_pay?order=${listingOrder(14, 2_100).orderSn}`);
    expect(mounted.api.requested).toContain('/api/orders?pageSize=100');

    signInAs('u-2');
    mounted.api.market.myOrders = [];
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: 'Reserved for $21.00 from @rio' })).toBeDisabled(),
    );
    expect(within(section).queryByRole('link', { name: /Reserved for you/ })).not.toBeInTheDocument();
  });

  it('reads no orders when no listing is reserved', async () => {
    const { api } = await openMarket(figureMarket({ listings: [listing(12, 1_800, 'kai')] }));
    expect(api.requested.filter((path) => path.startsWith('/api/orders'))).toEqual([]);
  });

  it('says so when no one sells the figure, and when it has not sold yet', async () => {
    const { section } = await openMarket(figureMarket());
    expect(
      within(section).getByText(
        'No one is selling this figure yet. Pull one from a box or check back later.',
      ),
    ).toBeVisible();
    expect(within(section).getByText(/No sales yet/)).toBeVisible();
    expect(within(section).queryByRole('img')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the last, lowest and median price and a chart that says what it shows', async () => {
    const { section } = await openMarket(figureMarket(THREE_SALES));
    const figures = within(section)
      .getAllByRole('definition')
      .map((dd) => dd.textContent);
    expect(
      within(section)
        .getAllByRole('term')
        .map((dt) => dt.textContent),
    ).toEqual(['Last', 'Lowest', 'Median of 3 sales']);
    expect(figures).toEqual(['$30.00', '$15.00', '$20.00']);
    expect(within(section).getByRole('img')).toHaveAccessibleName(
      'Sale prices of Croissant Cub over the last 3 sales: from $20.00 on November 1, 2026 to $30.00 on November 20, 2026, between $15.00 and $30.00.',
    );
    const table = within(section).getByRole('table', { name: 'Recent sales of Croissant Cub, oldest first' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.lastChild?.textContent),
    ).toEqual(['$20.00', '$15.00', '$30.00']);
  });

  it('says what the median of two sales is: the midpoint of the two, not the lower one', async () => {
    const { section } = await openMarket(
      figureMarket({
        sales: [sale(2_450, '2026-11-01T12:00:00.000Z'), sale(2_800, '2026-11-03T12:00:00.000Z')],
        lastPrice: usd(2_800),
        lowestPrice: usd(2_450),
        medianPrice: usd(2_625),
      }),
    );
    const median = within(section).getByText('Median of 2 sales (midpoint of the middle two)');
    expect(median.nextElementSibling).toHaveTextContent('$26.25');
    expect(within(section).getByText(/Last sale: \$28\.00 on November 3, 2026/)).toBeVisible();
  });

  it('explains a market that could not be read, and reads it again on retry', async () => {
    const mounted = mountGallery(PAGE);
    mounted.api.fail('/api/market/figures/croissant-cub', 503, 2);
    const section = await screen.findByRole('region', { name: 'From collectors' });
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent(
      'What collectors are selling could not be loaded. The gallery is having trouble right now.',
    );
    // The rest of the page stands.
    expect(screen.getByRole('heading', { level: 1, name: 'Croissant Cub' })).toBeVisible();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText(/No one is selling this figure yet/)).toBeVisible();
  });

  it('sends a signed-out buyer to log in, with the way back to this figure, ordering nothing', async () => {
    signInAs(null);
    const { section, router, api } = await openMarket(
      figureMarket({ listings: [listing(12, 1_800, 'kai')] }),
    );
    expect(within(section).getByText(/Buying needs an account/)).toBeVisible();
    await userEvent.click(within(section).getByRole('button', { name: /^Buy/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('return_to')).toBe(PAGE);
    expect(api.posted).toEqual([]);
  });

  it('orders the listing with an idempotency key and the sign-in, then goes to the pay page of its order', async () => {
    const { section, router, api } = await openMarket(
      figureMarket({ listings: [listing(12, 1_800, 'kai')] }),
    );
    api.market.order = () => ({ status: 201, body: listingOrder(12, 1_800) });
    await userEvent.click(within(section).getByRole('button', { name: /^Buy/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/order_pay'));
    expect(router.state.location.search).toBe('?order=AT9Z8Y7X6W5V4U3T2S');
    expect(api.posted).toHaveLength(1);
    expect(api.posted[0]?.path).toBe(ORDERS);
    expect(api.posted[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(api.posted[0]?.headers.get('authorization')).toBe('Bearer test-token');
    expect(paymentStore.getState()).toMatchObject({ orderSn: 'AT9Z8Y7X6W5V4U3T2S', orderId: '77' });
  });

  it("shows the API's refusal in an alert, reads the listings again, and makes the next click a new attempt", async () => {
    const { section, api } = await openMarket(figureMarket({ listings: [listing(12, 1_800, 'kai')] }));
    api.market.order = () =>
      conflict(
        'listing_reserved',
        "Listing 12 is reserved by another buyer's order until 2026-11-27T15:00:00.000Z; it is back on sale if that order is not paid by then. Nothing was charged.",
      );
    const readsBefore = api.requested.filter((url) => url === '/api/market/figures/croissant-cub').length;
    api.market.figures['croissant-cub'] = figureMarket({ listings: [listing(12, 1_800, 'kai', true)] });
    await userEvent.click(within(section).getByRole('button', { name: /^Buy/ }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Your order could not be placed. Another buyer is paying for this listing.',
    );
    expect(await within(section).findByRole('button', { name: /^Reserved/ })).toBeDisabled();
    expect(api.requested.filter((url) => url === '/api/market/figures/croissant-cub')).toHaveLength(
      readsBefore + 1,
    );
  });

  it('retries a click whose answer was lost with the same key, and a refused click with a new one', async () => {
    const { section, api, router } = await openMarket(
      figureMarket({ listings: [listing(12, 1_800, 'kai')] }),
    );
    api.fail(ORDERS, 0);
    const buy = () => userEvent.click(within(section).getByRole('button', { name: /^Buy/ }));
    await buy();
    expect(await within(section).findByRole('alert')).toHaveTextContent('We could not reach the gallery.');
    api.market.order = () =>
      conflict(
        'listing_own',
        'Listing 12 is yours: you cannot buy your own listing. Withdraw it (DELETE /api/listings/12) to keep the figure.',
      );
    await buy();
    expect(await within(section).findByRole('alert')).toHaveTextContent('This is your own listing');
    api.market.order = () => ({ status: 201, body: listingOrder(12, 1_800) });
    await buy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/order_pay'));
    const keys = api.posted.map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  describe('the visitor’s own listing', () => {
    /** The market with kai's listing 12 and the visitor's own listing 13, read as theirs. */
    async function openOwn(reserved = false) {
      const mounted = mountGallery(PAGE);
      mounted.api.market.myListings = [myListing(13, 2_500, reserved)];
      mounted.api.market.figures['croissant-cub'] = figureMarket({
        listings: [listing(12, 1_800, 'kai'), listing(13, 2_500, 'me', reserved)],
      });
      const section = await screen.findByRole('region', { name: 'From collectors' });
      const own = (await within(section).findByText('Your listing')).closest('li') as HTMLElement;
      return { ...mounted, section, own };
    }

    it('shows it as "Your listing" with Change price and Withdraw, and no Buy', async () => {
      const { section, own } = await openOwn();
      expect(within(own).getByRole('button', { name: 'Change price' })).toBeEnabled();
      expect(within(own).getByRole('button', { name: 'Withdraw' })).toBeEnabled();
      expect(within(own).queryByRole('button', { name: /Buy/ })).not.toBeInTheDocument();
      // Others' listings keep their Buy.
      expect(within(section).getByRole('button', { name: 'Buy for $18.00 from @kai' })).toBeEnabled();
    });

    it('changes its price, checking the amount first, and reads the listings again', async () => {
      const { api, own } = await openOwn();
      const bodies: unknown[] = [];
      api.market.change = (method, id, body) => {
        bodies.push({ method, id, body });
        return { status: 200, body: myListing(13, 2_250) };
      };
      const reads = () => api.requested.filter((url) => url === '/api/market/figures/croissant-cub').length;
      const before = reads();
      await userEvent.click(within(own).getByRole('button', { name: 'Change price' }));
      const field = within(own).getByLabelText('New price in dollars');
      expect(field).toHaveValue('25.00');
      await userEvent.clear(field);
      await userEvent.type(field, '0.50');
      await userEvent.click(within(own).getByRole('button', { name: 'Save price' }));
      expect(within(own).getByText('A price must be from $1.00 to $10,000.00.')).toBeInTheDocument();
      expect(bodies).toEqual([]);
      await userEvent.clear(field);
      await userEvent.type(field, '22.50');
      await userEvent.click(within(own).getByRole('button', { name: 'Save price' }));
      await waitFor(() => expect(reads()).toBe(before + 1));
      expect(bodies).toEqual([{ method: 'PATCH', id: 13, body: { priceMinor: 2_250 } }]);
    });

    it('withdraws it, and shows a refusal in the visitor’s words, never the API’s', async () => {
      const { api, own } = await openOwn();
      api.market.change = () =>
        conflict(
          'listing_held',
          "A buyer's order holds listing 13 right now, so it cannot be withdrawn. Try again once that order is paid or has ended (unpaid orders end within minutes).",
        );
      await userEvent.click(within(own).getByRole('button', { name: 'Withdraw' }));
      const alert = await within(own).findByRole('alert');
      expect(alert).toHaveTextContent(
        'A buyer is paying for it right now: it can be changed again if their order ends unpaid.',
      );
      expect(alert).not.toHaveTextContent(/listing 13/);
      expect(api.posted.map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /api/listings/13']);
    });

    it('says a buyer is paying for it, with nothing to change', async () => {
      const { own } = await openOwn(true);
      expect(own).toHaveTextContent('A buyer is paying for it');
      expect(within(own).queryByRole('button')).not.toBeInTheDocument();
      expect(within(own).queryByRole('link')).not.toBeInTheDocument();
    });
  });
});
