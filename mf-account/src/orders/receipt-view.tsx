import { Link } from 'react-router';
import { runtimeConfig } from '@arttoy/shared/config';
import { COMPANY, formatCount, formatDateTime, formatPrice } from '@arttoy/shared/contracts';
import type { DrawProof, Money, Order } from '@arttoy/shared/contracts/api';
import { Fact } from './fact';
import { atHandle, orderItem, orderStatus, PAYMENT_PROVIDER, PAYMENT_STATUS } from './format';

/** The company's name, postal address and contact, as the site's runtime config gives the contact. */
function CompanyAddress() {
  const { phone, email } = runtimeConfig().contact;
  return (
    <address className="receipt-seller" data-testid="receipt-company">
      {COMPANY.legalName}
      {COMPANY.address.map((line) => (
        <span key={line}>
          <br />
          {line}
        </span>
      ))}
      <br />
      <a href={`mailto:${email}`}>{email}</a>
      <br />
      <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a>
    </address>
  );
}

/** Who sold it: the company for a box or a ship-out; the collector, by handle, for a listing (sold through the company). */
function Seller({ order }: { order: Order }) {
  return (
    <section className="locker-panel receipt-section" aria-labelledby="receipt-seller">
      <h2 id="receipt-seller">Seller</h2>
      {order.listing ? (
        <>
          <p data-testid="receipt-seller">
            {atHandle(order.listing.sellerHandle)}, a collector on {COMPANY.name}
          </p>
          <p className="locker-muted">Sold through:</p>
        </>
      ) : null}
      <CompanyAddress />
    </section>
  );
}

const zero = (currency: string): Money => ({ amountMinor: 0, currency });

/** What the buyer paid for, line by line: price, fees and shipping, then the total. */
function Amounts({ order }: { order: Order }) {
  const { currency } = order.total;
  if (order.kind === 'ship_out')
    return (
      <>
        <Fact term="Shipping fee">{formatPrice(order.total)}</Fact>
        <Fact term="Total" testId="receipt-total">
          {formatPrice(order.total)}
        </Fact>
      </>
    );
  return (
    <>
      <Fact term="Price" testId="receipt-price">
        {order.quantity === 1
          ? formatPrice(order.unitPrice)
          : `${formatPrice(order.unitPrice)} × ${order.quantity}`}
      </Fact>
      <Fact term="Fees">
        {order.kind === 'listing'
          ? `${formatPrice(zero(currency))} (the seller pays the market's fee)`
          : formatPrice(zero(currency))}
      </Fact>
      <Fact term="Shipping">
        {formatPrice(zero(currency))} (the figure goes to your locker; shipping is paid when you ship it out)
      </Fact>
      <Fact term="Total" testId="receipt-total">
        {formatPrice(order.total)}
      </Fact>
    </>
  );
}

function DrawFacts({ draw }: { draw: DrawProof }) {
  const { figure } = draw;
  return (
    <>
      <dl className="orders-facts">
        <Fact term="Figure" testId="receipt-figure">
          {figure.name} ({figure.series.name}, figure {figure.number}
          {figure.rarity === 'secret' ? ', secret' : ''})
        </Fact>
        <Fact term="Drawn">{formatDateTime(draw.createdAt)}</Fact>
        <Fact term="Draw">#{draw.id}</Fact>
        <Fact term="Server seed hash">
          <code>{draw.serverSeedHash}</code>
        </Fact>
        <Fact term="Server seed">
          {draw.serverSeed ? (
            <code>{draw.serverSeed}</code>
          ) : (
            'Secret until you rotate it on the fairness page'
          )}
        </Fact>
        <Fact term="Client seed">
          <code>{draw.clientSeed}</code>
        </Fact>
        <Fact term="Nonce">{draw.nonce}</Fact>
        <Fact term="Roll">{formatCount(draw.rollPpm)} of 1,000,000</Fact>
      </dl>
      <p>
        <Link to={`/mysterybox/test?draw=${draw.id}`}>Verify this draw</Link>
      </p>
    </>
  );
}

/** Why an order has nothing to show yet, or will have nothing, in the buyer's words. */
function unpaidNote(order: Order, nothing: string): string {
  if (order.status === 'pending_payment') return `${nothing} yet: the order awaits its payment.`;
  if (order.status === 'refunded') return `${nothing}: the payment was refunded.`;
  return `${nothing}: the order was not paid.`;
}

/** What became of the order once paid: the box's draw, the listing's figure, the ship-out's parcel. */
function Outcome({ order, draw }: { order: Order; draw: DrawProof | null }) {
  const paid = order.status === 'paid' || order.status === 'fulfilled';
  let title: string;
  let body;
  if (order.kind === 'ship_out') {
    title = 'Shipping';
    const parcel = order.shipOut
      ? `${order.shipOut.figures} figure${order.shipOut.figures === 1 ? '' : 's'} to ${order.shipOut.city}, ${order.shipOut.country}`
      : 'Your figures';
    body = paid ? (
      <p>
        {parcel}: with the warehouse. <Link to="/locker">Follow it in your locker</Link>.
      </p>
    ) : (
      <p>{unpaidNote(order, 'Nothing was shipped')}</p>
    );
  } else if (order.kind === 'listing') {
    title = 'Delivery';
    const name = order.listing?.figure.name ?? 'The figure';
    if (order.status === 'fulfilled')
      body = (
        <p>
          {name} is in your locker
          {order.fulfilledAt ? ` since ${formatDateTime(order.fulfilledAt)}` : ''}.{' '}
          <Link to="/locker">Open your locker</Link>
        </p>
      );
    else if (order.status === 'paid') body = <p>{name} is moving to your locker.</p>;
    else body = <p>{unpaidNote(order, 'Nothing was delivered')}</p>;
  } else {
    title = 'Draw';
    if (draw) body = <DrawFacts draw={draw} />;
    else if (order.status === 'paid') body = <p>Your figure is being drawn.</p>;
    else body = <p>{unpaidNote(order, 'Nothing was drawn')}</p>;
  }
  return (
    <section className="locker-panel receipt-section" aria-labelledby="receipt-outcome">
      <h2 id="receipt-outcome">{title}</h2>
      {body}
    </section>
  );
}

/** A receipt: seller, what was bought and its amounts, the payment, and what the order became; laid out to print. */
export function ReceiptView({ order, draw }: { order: Order; draw: DrawProof | null }) {
  const { payment } = order;
  const item = orderItem(order);
  return (
    <div className="receipt">
      <Seller order={order} />
      <section className="locker-panel receipt-section" aria-labelledby="receipt-order">
        <h2 id="receipt-order">Order</h2>
        <dl className="orders-facts">
          <Fact term="Order number">{order.orderSn}</Fact>
          <Fact term="Date">{formatDateTime(order.createdAt)}</Fact>
          <Fact term="Status" testId="receipt-status">
            {orderStatus(order)}
          </Fact>
          <Fact term={item.term} testId="receipt-item">
            {order.boxModel ? <Link to={`/mysterybox/${order.boxModel.id}`}>{item.text}</Link> : item.text}
          </Fact>
          <Amounts order={order} />
        </dl>
      </section>
      <section className="locker-panel receipt-section" aria-labelledby="receipt-payment">
        <h2 id="receipt-payment">Payment</h2>
        {payment ? (
          <dl className="orders-facts">
            <Fact term="Method">{PAYMENT_PROVIDER[payment.provider]}</Fact>
            <Fact term="Payment status" testId="receipt-payment-status">
              {PAYMENT_STATUS[payment.status]}
            </Fact>
            <Fact term="Amount">{formatPrice(payment.amount)}</Fact>
            {payment.capturedAt ? <Fact term="Paid on">{formatDateTime(payment.capturedAt)}</Fact> : null}
            {payment.token ? <Fact term="Payment reference">{payment.token}</Fact> : null}
          </dl>
        ) : (
          <p>No payment was made for this order.</p>
        )}
      </section>
      <Outcome order={order} draw={draw} />
    </div>
  );
}
