import { Link } from 'react-router';
import { runtimeConfig } from '@arttoy/shared/config';
import { formatDateTime, formatPrice, formatCount } from '@arttoy/shared/contracts';
import type { DrawProof, Order } from '@arttoy/shared/contracts/api';
import { Fact } from './fact';
import { orderStatus, orderSubject, PAYMENT_PROVIDER, PAYMENT_STATUS } from './format';

/** Who sold it: the site's name and the contact details it is configured with. */
function Seller() {
  const { phone, email } = runtimeConfig().contact;
  return (
    <section className="locker-panel receipt-section" aria-labelledby="receipt-seller">
      <h2 id="receipt-seller">Seller</h2>
      <address className="receipt-seller">
        ArtToy Club
        <br />
        {typeof window === 'undefined' ? null : (
          <>
            {window.location.host}
            <br />
          </>
        )}
        <a href={`mailto:${email}`}>{email}</a>
        <br />
        <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a>
      </address>
    </section>
  );
}

function DrawSection({ draw }: { draw: DrawProof }) {
  const { figure } = draw;
  return (
    <section className="locker-panel receipt-section" aria-labelledby="receipt-draw">
      <h2 id="receipt-draw">Draw</h2>
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
    </section>
  );
}

/** A receipt: seller, order, payment and the draw with its proof, laid out to print. */
export function ReceiptView({ order, draw }: { order: Order; draw: DrawProof | null }) {
  const { payment } = order;
  return (
    <div className="receipt">
      <Seller />
      <section className="locker-panel receipt-section" aria-labelledby="receipt-order">
        <h2 id="receipt-order">Order</h2>
        <dl className="orders-facts">
          <Fact term="Order number">{order.orderSn}</Fact>
          <Fact term="Date">{formatDateTime(order.createdAt)}</Fact>
          <Fact term="Status" testId="receipt-status">
            {orderStatus(order)}
          </Fact>
          {order.boxModel ? (
            <Fact term="Box">
              <Link to={`/mysterybox/${order.boxModel.id}`}>{order.boxModel.name}</Link> × {order.quantity}
            </Fact>
          ) : (
            <Fact term="For">{orderSubject(order)}</Fact>
          )}
          <Fact term="Unit price">{formatPrice(order.unitPrice)}</Fact>
          <Fact term="Total" testId="receipt-total">
            {formatPrice(order.total)}
          </Fact>
        </dl>
      </section>
      <section className="locker-panel receipt-section" aria-labelledby="receipt-payment">
        <h2 id="receipt-payment">Payment</h2>
        {payment ? (
          <dl className="orders-facts">
            <Fact term="Method">{PAYMENT_PROVIDER[payment.provider]}</Fact>
            <Fact term="Payment status">{PAYMENT_STATUS[payment.status]}</Fact>
            <Fact term="Amount">{formatPrice(payment.amount)}</Fact>
            {payment.capturedAt ? <Fact term="Paid">{formatDateTime(payment.capturedAt)}</Fact> : null}
            {payment.token ? <Fact term="Provider reference">{payment.token}</Fact> : null}
          </dl>
        ) : (
          <p>No payment was made for this order.</p>
        )}
      </section>
      {draw ? (
        <DrawSection draw={draw} />
      ) : (
        <section className="locker-panel receipt-section" aria-labelledby="receipt-draw">
          <h2 id="receipt-draw">Draw</h2>
          <p>
            {order.status === 'paid'
              ? 'Your figure is being drawn.'
              : 'Nothing was drawn: the order was not paid.'}
          </p>
        </section>
      )}
    </div>
  );
}
