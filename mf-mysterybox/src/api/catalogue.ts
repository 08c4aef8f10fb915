/** The box catalogue (public reads). */
import { boxModelDetailSchema, boxModelPageSchema, MAX_PAGE_SIZE, paymentProviderListSchema, type BoxModelDetail, type PaymentProvider } from '@arttoy/shared/contracts/api';
import { API_BASE, apiJson } from '@arttoy/shared/http';

/** One box with every figure and its published odds and stock. */
export function getBox(id: number, signal?: AbortSignal): Promise<BoxModelDetail> {
  return apiJson(boxPath(id), boxModelDetailSchema, { signal });
}

const boxPath = (id: number) => `/box-models/${id}`;
const BOX_LIST_PATH = `/box-models?pageSize=${MAX_PAGE_SIZE}`;

/** Reads the page's server data by API URL (usePageDataReader). */
export type AnswerOf = (url: string) => unknown;

/** The box as the server gave it to this page, or undefined. */
export function givenBox(id: number, answerOf: AnswerOf): BoxModelDetail | undefined {
  const answer = answerOf(`${API_BASE}${boxPath(id)}`);
  return answer === undefined ? undefined : boxModelDetailSchema.safeParse(answer).data;
}

/** Every box as the server gave them to this page (listBoxes' reads), or undefined. */
export function givenBoxes(answerOf: AnswerOf): BoxModelDetail[] | undefined {
  const answer = answerOf(`${API_BASE}${BOX_LIST_PATH}`);
  const page = answer === undefined ? undefined : boxModelPageSchema.safeParse(answer).data;
  if (!page) return undefined;
  const boxes = page.items.map((box) => givenBox(box.id, answerOf));
  return boxes.every((box) => box !== undefined) ? boxes : undefined;
}

/**
 * Every box on sale with its odds: the list gives price and stock, each box's own read its odds
 * (a handful of boxes, read in parallel and cached by the browser for a few seconds).
 */
export async function listBoxes(signal?: AbortSignal): Promise<BoxModelDetail[]> {
  const page = await apiJson(BOX_LIST_PATH, boxModelPageSchema, { signal });
  return Promise.all(page.items.map((box) => getBox(box.id, signal)));
}

/** The pay ways the site takes now (public; PayPal appears once the site configures it). */
export async function listPaymentProviders(signal?: AbortSignal): Promise<readonly PaymentProvider[]> {
  return (await apiJson('/payments/providers', paymentProviderListSchema, { signal })).providers;
}
