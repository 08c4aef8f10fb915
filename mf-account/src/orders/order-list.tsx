import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatPrice } from '@arttoy/shared/contracts';
import type { Order } from '@arttoy/shared/contracts/api';
import { Fact } from './fact';
import { orderItem, orderStatus, paymentMethod } from './format';

/** An order still waiting for its payment, within its time. */
const payable = (order: Order, now: number) =>
  order.status === 'pending_payment' && Date.parse(order.expiresAt) > now;

/** The visitor's orders: number, date, what each bought (box, figure and seller, ship-out), amount, payment method and status, with the receipt and the draw proof. */
export function OrderList({ orders }: { orders: readonly Order[] }) {
  // When the list was shown: an order past its time offers no payment (the next read shows it expired).
  const [now] = useState(() => Date.now());
  return (
    <ul className="orders-list" aria-label="Your orders">
      {orders.map((order) => {
        const item = orderItem(order);
        return (
          <li key={order.id} className="orders-item" data-status={order.status}>
            <h2 className="orders-item__number">
              <Link to={`/orders/${order.orderSn}`}>Order {order.orderSn}</Link>
            </h2>
            <dl className="orders-facts">
              <Fact term="Date">{formatDateTime(order.createdAt)}</Fact>
              <Fact term={item.term}>{item.text}</Fact>
              <Fact term="Amount" testId="order-amount">
                {formatPrice(order.total)}
              </Fact>
              <Fact term="Payment">{paymentMethod(order.payment)}</Fact>
              <Fact term="Status" testId="order-status">
                {orderStatus(order)}
              </Fact>
            </dl>
            <p className="locker-actions">
              <Link to={`/orders/${order.orderSn}`}>
                Receipt<span className="visually-hidden"> for order {order.orderSn}</span>
              </Link>
              {order.drawId ? (
                <Link to={`/mysterybox/test?draw=${order.drawId}`}>
                  Draw proof<span className="visually-hidden"> of order {order.orderSn}</span>
                </Link>
              ) : null}
              {payable(order, now) ? (
                <Link
                  className="ui-button ui-button--primary"
                  to={`/payment/order_pay?order=${encodeURIComponent(order.orderSn)}`}
                >
                  Pay now<span className="visually-hidden"> for order {order.orderSn}</span>
                </Link>
              ) : null}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
