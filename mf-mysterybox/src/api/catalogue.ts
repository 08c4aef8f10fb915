/** The box catalogue (public reads). */
import { boxModelDetailSchema, boxModelPageSchema, MAX_PAGE_SIZE, paymentProviderListSchema, type BoxModelDetail, type PaymentProvider } from '@arttoy/shared/contracts/api';
import { apiJson } from '@arttoy/shared/http';

/** One box with every figure and its published odds and stock. */
export function getBox(id: number, signal?: AbortSignal): Promise<BoxModelDetail> {
  return apiJson(`/box-models/${id}`, boxModelDetailSchema, { signal });
}

/**
 * Every box on sale with its odds: the list gives price and stock, each box's own read its odds
 * (a handful of boxes, read in parallel and cached by the browser for a few seconds).
 */
export async function listBoxes(signal?: AbortSignal): Promise<BoxModelDetail[]> {
  const page = await apiJson(`/box-models?pageSize=${MAX_PAGE_SIZE}`, boxModelPageSchema, { signal });
  return Promise.all(page.items.map((box) => getBox(box.id, signal)));
}

/** The pay ways the site takes now (public; PayPal appears once the site configures it). */
export async function listPaymentProviders(signal?: AbortSignal): Promise<readonly PaymentProvider[]> {
  return (await apiJson('/payments/providers', paymentProviderListSchema, { signal })).providers;
}
