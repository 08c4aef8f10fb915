import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Order } from '@arttoy/shared/contracts/api';
import { drawOf, paidOrder } from '../test/order-fixtures';
import { OrderList } from './order-list';
import { ReceiptView } from './receipt-view';

const usd = (amountMinor: number) => ({ amountMinor, currency: 'USD' });

/** A collector's Croissant Cub bought from @leo for $24.50, paid and in the buyer's locker. */
const LISTING = paidOrder(5, 'AT0000000000000005', {
  kind: 'listing',
  boxModel: null,
  listing: {
    listingId: 2,
    figure: { id: 31, slug: 'croissant-cub', name: 'Croissant Cub' },
    sellerHandle: 'leo',
  },
  unitPrice: usd(2_450),
  total: usd(2_450),
  payment: { ...paidOrder(5, 'AT0000000000000005').payment!, amount: usd(2_450) },
  drawId: null,
  lockerItemId: 77,
});

/** A paid ship-out of two figures to London for $18.00. */
const SHIP_OUT = paidOrder(6, 'AT0000000000000006', {
  kind: 'ship_out',
  boxModel: null,
  shipOut: { shipRequestId: 12, figures: 2, city: 'London', country: 'GB' },
  unitPrice: usd(1_800),
  total: usd(1_800),
  payment: { ...paidOrder(6, 'AT0000000000000006').payment!, amount: usd(1_800) },
  drawId: null,
  lockerItemId: null,
});

const BOX = paidOrder(1, 'AT0000000000000001');

function showReceipt(order: Order, withDraw = false) {
  render(
    <MemoryRouter>
      <ReceiptView order={order} draw={withDraw ? drawOf(order) : null} />
    </MemoryRouter>,
  );
  return {
    seller: screen.getByRole('region', { name: 'Seller' }),
    order: screen.getByRole('region', { name: 'Order' }),
    payment: screen.getByRole('region', { name: 'Payment' }),
  };
}

describe('ReceiptView', () => {
  it('names the collector, the figure and its price on a listing receipt, paid and in the locker', () => {
    const { seller, order, payment } = showReceipt(LISTING);
    expect(within(seller).getByTestId('receipt-seller')).toHaveTextContent(
      '@leo, a collector on ArtToy Club',
    );
    expect(seller).not.toHaveTextContent('localhost');
    expect(within(seller).getByTestId('receipt-company')).toHaveTextContent(
      'ArtToy Club, Inc.548 Market Street, Suite 300San Francisco, CA 94104United States',
    );
    expect(within(order).getByTestId('receipt-item')).toHaveTextContent('Croissant Cub from @leo');
    expect(order).toHaveTextContent('FigureCroissant Cub from @leo');
    expect(order).not.toHaveTextContent('Order AT');
    expect(within(order).getByTestId('receipt-price')).toHaveTextContent('$24.50');
    expect(order).toHaveTextContent("Fees$0.00 (the seller pays the market's fee)");
    expect(within(order).getByTestId('receipt-total')).toHaveTextContent('$24.50');
    expect(within(order).getByTestId('receipt-status')).toHaveTextContent('Paid, in your locker');
    expect(within(payment).getByTestId('receipt-payment-status')).toHaveTextContent(/^Paid$/);
    expect(payment).not.toHaveTextContent('captured');
    expect(screen.queryByRole('region', { name: 'Draw' })).not.toBeInTheDocument();
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('Croissant Cub is in your locker since');
    expect(delivery).not.toHaveTextContent('not paid');
  });

  it('shows a ship-out receipt as shipping paid to the site, with the parcel and no draw', () => {
    const { seller, order, payment } = showReceipt(SHIP_OUT);
    expect(seller).toHaveTextContent('ArtToy Club, Inc.');
    expect(within(seller).queryByTestId('receipt-seller')).not.toBeInTheDocument();
    expect(within(order).getByTestId('receipt-item')).toHaveTextContent(
      'Ship-out of 2 figures to London, GB',
    );
    expect(order).toHaveTextContent('Shipping fee$18.00');
    expect(within(order).getByTestId('receipt-status')).toHaveTextContent('Paid, with the warehouse');
    expect(within(payment).getByTestId('receipt-payment-status')).toHaveTextContent(/^Paid$/);
    expect(screen.queryByRole('region', { name: 'Draw' })).not.toBeInTheDocument();
    const shipping = screen.getByRole('region', { name: 'Shipping' });
    expect(shipping).toHaveTextContent('2 figures to London, GB: with the warehouse.');
    expect(shipping).not.toHaveTextContent('not paid');
  });

  it('shows a box receipt with the site as seller, the box, its price and its draw', () => {
    const { seller, order, payment } = showReceipt(BOX, true);
    expect(seller).toHaveTextContent('ArtToy Club, Inc.');
    expect(within(order).getByRole('link', { name: 'Night Market Box' })).toHaveAttribute(
      'href',
      '/mysterybox/7',
    );
    expect(within(order).getByTestId('receipt-price')).toHaveTextContent('$14.99');
    expect(within(order).getByTestId('receipt-status')).toHaveTextContent('Paid, figure drawn');
    expect(within(payment).getByTestId('receipt-payment-status')).toHaveTextContent(/^Paid$/);
    expect(
      within(screen.getByRole('region', { name: 'Draw' })).getByTestId('receipt-figure'),
    ).toHaveTextContent('Lantern Cat');
  });

  it('says an unpaid listing order delivered nothing, for the reason it has', () => {
    showReceipt({ ...LISTING, status: 'expired', payment: null, paidAt: null, fulfilledAt: null });
    expect(screen.getByRole('region', { name: 'Delivery' })).toHaveTextContent(
      'Nothing was delivered: the order was not paid.',
    );
    expect(screen.getByTestId('receipt-status')).toHaveTextContent('Expired unpaid');
  });
});

describe('OrderList', () => {
  it('lists a listing order as its figure and seller, and a ship-out as its parcel', () => {
    render(
      <MemoryRouter>
        <OrderList orders={[LISTING, SHIP_OUT, BOX]} />
      </MemoryRouter>,
    );
    const [listing, shipOut, box] = within(screen.getByRole('list', { name: 'Your orders' })).getAllByRole(
      'listitem',
    ) as [HTMLElement, HTMLElement, HTMLElement];
    expect(listing).toHaveTextContent('FigureCroissant Cub from @leo');
    expect(listing).not.toHaveTextContent('Order ATAT');
    expect(within(listing).getByTestId('order-status')).toHaveTextContent('Paid, in your locker');
    expect(shipOut).toHaveTextContent('Ship-outShip-out of 2 figures to London, GB');
    expect(within(shipOut).getByTestId('order-status')).toHaveTextContent('Paid, with the warehouse');
    expect(box).toHaveTextContent('BoxNight Market Box');
    expect(within(box).getByTestId('order-status')).toHaveTextContent('Paid, figure drawn');
  });
});
