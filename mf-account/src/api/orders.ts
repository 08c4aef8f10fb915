/** The signed-in visitor's orders and the draws they produced. Every call sends the Firebase ID token. */
import { drawProofSchema, orderPageSchema, orderSchema } from '@arttoy/shared/contracts/api';
import { apiJson } from '@arttoy/shared/http';
import { sessionToken } from './session-token';

/** Orders shown per page of /orders. */
export const ORDERS_PAGE_SIZE = 10;

export const loadOrders = async (page: number, signal?: AbortSignal) =>
  apiJson(`/orders?page=${page}&pageSize=${ORDERS_PAGE_SIZE}`, orderPageSchema, { token: await sessionToken(), signal });

/** One order, and the draw it produced once fulfilled (null before). */
export async function loadReceipt(orderSn: string, signal?: AbortSignal) {
  const token = await sessionToken();
  const order = await apiJson(`/orders/${encodeURIComponent(orderSn)}`, orderSchema, { token, signal });
  const draw = order.drawId === null ? null : await apiJson(`/draws/${order.drawId}`, drawProofSchema, { token, signal });
  return { order, draw };
}
export type Receipt = Awaited<ReturnType<typeof loadReceipt>>;
