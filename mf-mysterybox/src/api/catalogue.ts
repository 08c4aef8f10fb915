/**
 * The box catalogue (public reads), read with the site's one data layer (@arttoy/shared/query):
 * validated with the API's own schemas, each read's answer in the page's server data its first.
 */
import { endpoints, MAX_PAGE_SIZE, type BoxModelDetail } from '@arttoy/shared/contracts/api';
import { endpointRead, NOT_FOUND, type PageRead } from '@arttoy/shared/query';

/** One box with every figure and its published odds and stock (the gallery reads it under the same key). */
export const boxRead = (id: number) => endpointRead(endpoints.getBoxModel, { params: { id } });

const boxListRead = endpointRead(endpoints.listBoxModels, { query: { pageSize: MAX_PAGE_SIZE } });

/**
 * Every box on sale with its odds: the list gives price and stock, each box's own read its odds
 * (a handful of boxes, read in parallel). Its key names both reads: its answer is not the list's.
 */
export const boxesRead: PageRead<BoxModelDetail[]> = {
  key: `${boxListRead.key},/box-models/{each}`,
  load: async (signal) => {
    const page = await boxListRead.load(signal);
    return Promise.all(page.items.map((box) => boxRead(box.id).load(signal)));
  },
  given: (answerOf) => {
    const page = boxListRead.given?.(answerOf);
    if (page === undefined || page === NOT_FOUND) return undefined;
    const boxes = page.items.map((box) => boxRead(box.id).given?.(answerOf));
    return boxes.every((box): box is BoxModelDetail => box !== undefined && box !== NOT_FOUND)
      ? boxes
      : undefined;
  },
};

/** The pay ways the site takes now (public; PayPal appears once the site configures it). */
export const paymentProvidersRead = endpointRead(endpoints.listPaymentProviders);
