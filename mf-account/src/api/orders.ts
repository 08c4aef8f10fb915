/** The signed-in visitor's orders and the draws they produced. Every call sends the Firebase ID token. */
import { drawProofSchema, orderPageSchema, orderSchema } from '@arttoy/shared/contracts/api';
import { apiJson } from '@arttoy/shared/http';
import { userRead } from '@arttoy/shared/query';
import { sessionToken } from './session-token';

/** Orders shown per page of /orders. */
export const ORDERS_PAGE_SIZE = 10;

export const ordersRead = (uid: string, page: number) => {
  const path = `/orders?page=${page}&pageSize=${ORDERS_PAGE_SIZE}`;
  return userRead(uid, path, async (signal) =>
    apiJson(path, orderPageSchema, { token: await sessionToken(), signal }),
  );
};

/** One order, and the draw it produced once fulfilled (null before). */
export const receiptRead = (uid: string, orderSn: string) => {
  const path = `/orders/${encodeURIComponent(orderSn)}`;
  return userRead(uid, `${path},/draws/{its draw}`, async (signal) => {
    const token = await sessionToken();
    const order = await apiJson(path, orderSchema, { token, signal });
    const draw =
      order.drawId === null
        ? null
        : await apiJson(`/draws/${order.drawId}`, drawProofSchema, { token, signal });
    return { order, draw };
  });
};
