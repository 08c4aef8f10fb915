/** The signed-in visitor's orders and the draws they produced. Every call sends the Firebase ID token. */
import { endpoints } from '@arttoy/shared/contracts/api';
import { apiPath, apiRequest } from '@arttoy/shared/http';
import { userRead } from '@arttoy/shared/query';
import { accountRead, sessionToken } from './session-token';

/** Orders shown per page of /orders. */
export const ORDERS_PAGE_SIZE = 10;

/** A page of the visitor's orders, kept for the next visit. */
export const ordersRead = (uid: string, page: number) => ({
  ...accountRead(uid, endpoints.listOrders, { query: { page, pageSize: ORDERS_PAGE_SIZE } }),
  persist: true,
});

/** One order, and the draw it produced once fulfilled (null before). */
export const receiptRead = (uid: string, orderSn: string) => {
  const input = { params: { orderSn } };
  return userRead(uid, `${apiPath(endpoints.getOrder, input)},/draws/{its draw}`, async (signal) => {
    const token = await sessionToken();
    const order = await apiRequest(endpoints.getOrder, { ...input, token, signal });
    const draw =
      order.drawId === null
        ? null
        : await apiRequest(endpoints.getDraw, { params: { id: order.drawId }, token, signal });
    return { order, draw };
  });
};
