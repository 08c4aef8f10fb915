/**
 * The API's JSON endpoints in one table: method, path (under /api, `:name` for a path parameter) and
 * the zod schemas of the params, query, body, headers and answer. The clients call through it
 * (`apiRequest` in @arttoy/shared/http, `endpointRead` in @arttoy/shared/query), and a test of the
 * API (api/src/routes/endpoints.test.ts) checks every entry against the route fastify registered,
 * schema object by schema object: a route and its client cannot disagree, and a change of a schema
 * that breaks a client fails that client's typecheck.
 *
 * The clients are typed from the zod contracts rather than generated from the OpenAPI document:
 * zod is already the contract both sides import, so there is no generated file to keep fresh.
 */
import type * as z from 'zod';
import {
  createShipRequestBodySchema,
  handleBodySchema,
  lockerItemParamsSchema,
  lockerItemSchema,
  lockerListSchema,
  meSchema,
  saveAddressBodySchema,
  savedAddressListSchema,
  savedAddressParamsSchema,
  savedAddressSchema,
  shipRequestListSchema,
  shipRequestParamsSchema,
  shipRequestSchema,
} from './account';
import {
  accountDeletedSchema,
  deleteAccountBodySchema,
  exportJobParamsSchema,
  exportJobSchema,
  exportRequestedSchema,
} from './privacy';
import {
  chanceControlsSchema,
  confirmAgeBodySchema,
  setLimitsBodySchema,
  takeBreakBodySchema,
} from './chance';
import {
  boxModelDetailSchema,
  boxModelListQuerySchema,
  boxModelPageSchema,
  boxModelParamsSchema,
  figureListQuerySchema,
  figurePageSchema,
  figureSchema,
  galleryPathSchema,
  seriesDetailSchema,
  seriesListQuerySchema,
  seriesPageSchema,
  slugParamsSchema,
  styleDetailSchema,
  styleListQuerySchema,
  stylePageSchema,
} from './catalogue';
import {
  captureBodySchema,
  captureResultSchema,
  clientSeedBodySchema,
  createOrderBodySchema,
  drawListQuerySchema,
  drawPageSchema,
  drawParamsSchema,
  drawProofParamsSchema,
  drawProofSchema,
  fairnessStateSchema,
  idempotentRequestHeadersSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderSchema,
  orderSnParamsSchema,
  paymentMethodParamsSchema,
  paymentProviderListSchema,
  publicDrawProofSchema,
  savedPaymentMethodListSchema,
  seedRotationSchema,
  startPaymentBodySchema,
  startPaymentResultSchema,
} from './commerce';
import {
  contentDocumentQuerySchema,
  contentDocumentResponseSchema,
  contentListQuerySchema,
  contentListSchema,
  searchIndexSchema,
} from './content';
import { feedRecentSchema, feedVisibilitySchema } from './feed';
import {
  fieldHealthQuerySchema,
  fieldHealthSchema,
  fieldReportAnswerSchema,
  fieldReportSchema,
} from './field';
import { healthSchema } from './health';
import {
  balanceSchema,
  createListingBodySchema,
  figureMarketSchema,
  itemHistorySchema,
  listingParamsSchema,
  myListingListSchema,
  myListingSchema,
  payoutBodySchema,
  payoutSchema,
  seriesAsksQuerySchema,
  seriesAsksSchema,
  updateListingBodySchema,
} from './market';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One endpoint: the schemas are the very objects its fastify route validates with. */
export interface ApiEndpoint {
  method: ApiMethod;
  /** Under /api: `/orders/:orderSn`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** The answer of every 2xx status the route declares. */
  response: z.ZodType;
}

const endpoint = <const Method extends ApiMethod, const Path extends string, const Schemas>(
  method: Method,
  path: Path,
  schemas: Schemas & Omit<ApiEndpoint, 'method' | 'path'>,
) => ({ method, path, ...schemas });

export const endpoints = {
  health: endpoint('GET', '/health', { response: healthSchema }),

  // The catalogue (public).
  listStyles: endpoint('GET', '/styles', { query: styleListQuerySchema, response: stylePageSchema }),
  getStyle: endpoint('GET', '/styles/:slug', { params: slugParamsSchema, response: styleDetailSchema }),
  listSeries: endpoint('GET', '/series', { query: seriesListQuerySchema, response: seriesPageSchema }),
  getSeries: endpoint('GET', '/series/:slug', { params: slugParamsSchema, response: seriesDetailSchema }),
  listFigures: endpoint('GET', '/figures', { query: figureListQuerySchema, response: figurePageSchema }),
  getFigure: endpoint('GET', '/figures/:slug', { params: slugParamsSchema, response: figureSchema }),
  getGalleryPath: endpoint('GET', '/gallery-paths/:slug', {
    params: slugParamsSchema,
    response: galleryPathSchema,
  }),
  listBoxModels: endpoint('GET', '/box-models', {
    query: boxModelListQuerySchema,
    response: boxModelPageSchema,
  }),
  getBoxModel: endpoint('GET', '/box-models/:id', {
    params: boxModelParamsSchema,
    response: boxModelDetailSchema,
  }),

  // Content and search (public).
  getContentDocument: endpoint('GET', '/content/document', {
    query: contentDocumentQuerySchema,
    response: contentDocumentResponseSchema,
  }),
  listContentDocuments: endpoint('GET', '/content/documents', {
    query: contentListQuerySchema,
    response: contentListSchema,
  }),
  getSearchIndex: endpoint('GET', '/search.json', { response: searchIndexSchema }),
  listRecentFeedEvents: endpoint('GET', '/feed/recent', { response: feedRecentSchema }),

  // The signed-in user's account.
  getMe: endpoint('GET', '/me', { response: meSchema }),
  putHandle: endpoint('PUT', '/me/handle', { body: handleBodySchema, response: meSchema }),
  listPaymentMethods: endpoint('GET', '/me/payment-methods', { response: savedPaymentMethodListSchema }),
  deletePaymentMethod: endpoint('DELETE', '/me/payment-methods/:id', {
    params: paymentMethodParamsSchema,
    response: savedPaymentMethodListSchema,
  }),
  getChanceControls: endpoint('GET', '/me/limits', { response: chanceControlsSchema }),
  putLimits: endpoint('PUT', '/me/limits', { body: setLimitsBodySchema, response: chanceControlsSchema }),
  confirmAge: endpoint('PUT', '/me/age', { body: confirmAgeBodySchema, response: chanceControlsSchema }),
  takeBreak: endpoint('POST', '/me/break', { body: takeBreakBodySchema, response: chanceControlsSchema }),
  listAddresses: endpoint('GET', '/me/addresses', { response: savedAddressListSchema }),
  saveAddress: endpoint('POST', '/me/addresses', {
    body: saveAddressBodySchema,
    response: savedAddressSchema,
  }),
  deleteAddress: endpoint('DELETE', '/me/addresses/:id', {
    params: savedAddressParamsSchema,
    response: savedAddressListSchema,
  }),
  getFeedVisibility: endpoint('GET', '/me/feed-visibility', { response: feedVisibilitySchema }),
  putFeedVisibility: endpoint('PUT', '/me/feed-visibility', {
    body: feedVisibilitySchema,
    response: feedVisibilitySchema,
  }),
  requestDataExport: endpoint('POST', '/me/exports', { response: exportRequestedSchema }),
  getDataExport: endpoint('GET', '/me/exports/:id', {
    params: exportJobParamsSchema,
    response: exportJobSchema,
  }),
  deleteAccount: endpoint('DELETE', '/me', { body: deleteAccountBodySchema, response: accountDeletedSchema }),
  getFairness: endpoint('GET', '/me/fairness', { response: fairnessStateSchema }),
  putClientSeed: endpoint('PUT', '/me/client-seed', {
    body: clientSeedBodySchema,
    response: fairnessStateSchema,
  }),
  rotateServerSeed: endpoint('POST', '/me/server-seed/rotate', { response: seedRotationSchema }),

  // The locker and ship-outs.
  listLocker: endpoint('GET', '/locker', { response: lockerListSchema }),
  getLockerItem: endpoint('GET', '/locker/:id', {
    params: lockerItemParamsSchema,
    response: lockerItemSchema,
  }),
  getItemHistory: endpoint('GET', '/locker/:id/history', {
    params: lockerItemParamsSchema,
    response: itemHistorySchema,
  }),
  listShipRequests: endpoint('GET', '/locker/ship-requests', { response: shipRequestListSchema }),
  createShipRequest: endpoint('POST', '/locker/ship-requests', {
    body: createShipRequestBodySchema,
    response: shipRequestSchema,
  }),
  cancelShipRequest: endpoint('DELETE', '/locker/ship-requests/:id', {
    params: shipRequestParamsSchema,
    response: shipRequestSchema,
  }),

  // Orders, payments and draws.
  createOrder: endpoint('POST', '/orders', {
    headers: idempotentRequestHeadersSchema,
    body: createOrderBodySchema,
    response: orderSchema,
  }),
  listOrders: endpoint('GET', '/orders', { query: orderListQuerySchema, response: orderPageSchema }),
  getOrder: endpoint('GET', '/orders/:orderSn', { params: orderSnParamsSchema, response: orderSchema }),
  cancelOrder: endpoint('POST', '/orders/:orderSn/cancel', {
    params: orderSnParamsSchema,
    response: orderSchema,
  }),
  startPayment: endpoint('POST', '/orders/:orderSn/payments', {
    params: orderSnParamsSchema,
    body: startPaymentBodySchema,
    response: startPaymentResultSchema,
  }),
  listPaymentProviders: endpoint('GET', '/payments/providers', { response: paymentProviderListSchema }),
  capturePayment: endpoint('POST', '/payments/capture', {
    body: captureBodySchema,
    response: captureResultSchema,
  }),
  listDraws: endpoint('GET', '/draws', { query: drawListQuerySchema, response: drawPageSchema }),
  getDraw: endpoint('GET', '/draws/:id', { params: drawParamsSchema, response: drawProofSchema }),
  getDrawProof: endpoint('GET', '/draws/:id/proof', {
    params: drawProofParamsSchema,
    response: publicDrawProofSchema,
  }),

  // The market between collectors.
  createListing: endpoint('POST', '/listings', { body: createListingBodySchema, response: myListingSchema }),
  repriceListing: endpoint('PATCH', '/listings/:id', {
    params: listingParamsSchema,
    body: updateListingBodySchema,
    response: myListingSchema,
  }),
  withdrawListing: endpoint('DELETE', '/listings/:id', {
    params: listingParamsSchema,
    response: myListingSchema,
  }),
  orderListing: endpoint('POST', '/listings/:id/orders', {
    params: listingParamsSchema,
    headers: idempotentRequestHeadersSchema,
    response: orderSchema,
  }),
  listMyListings: endpoint('GET', '/me/listings', { response: myListingListSchema }),
  getBalance: endpoint('GET', '/me/balance', { response: balanceSchema }),
  requestPayout: endpoint('POST', '/me/payouts', { body: payoutBodySchema, response: payoutSchema }),
  getFigureMarket: endpoint('GET', '/market/figures/:slug', {
    params: slugParamsSchema,
    response: figureMarketSchema,
  }),
  listSeriesAsks: endpoint('GET', '/market/asks', {
    query: seriesAsksQuerySchema,
    response: seriesAsksSchema,
  }),

  // Field data: browsers' beacons, and their counts per app version.
  reportField: endpoint('POST', '/field', { body: fieldReportSchema, response: fieldReportAnswerSchema }),
  fieldHealth: endpoint('GET', '/field/health', {
    query: fieldHealthQuerySchema,
    response: fieldHealthSchema,
  }),
} satisfies Record<string, ApiEndpoint>;

export type Endpoints = typeof endpoints;

/** The names of a path's parameters: `/orders/:orderSn/cancel` → `'orderSn'`. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type SchemaInput<E, Part extends string> = E extends { [P in Part]: infer S extends z.ZodType }
  ? z.input<S>
  : never;

/** A path parameter's value: as its params schema takes it, text or a number. */
type ParamValue<E, Name extends string> =
  SchemaInput<E, 'params'> extends infer Input
    ? Name extends keyof Input
      ? Input[Name]
      : string | number
    : string | number;

type ParamsInput<E extends ApiEndpoint> = [PathParamNames<E['path']>] extends [never]
  ? { params?: never }
  : { params: { [Name in PathParamNames<E['path']>]: ParamValue<E, Name> } };
type QueryInput<E> = E extends { query: z.ZodType } ? { query?: SchemaInput<E, 'query'> } : { query?: never };
type BodyInput<E> = E extends { body: z.ZodType } ? { body: SchemaInput<E, 'body'> } : { body?: never };
type HeadersInput<E> = E extends { headers: z.ZodType }
  ? { headers: SchemaInput<E, 'headers'> }
  : { headers?: never };

/** What a call of `E` sends: its path parameters, query, body and headers, each typed by its schema. */
export type EndpointInput<E extends ApiEndpoint> = ParamsInput<E> &
  QueryInput<E> &
  BodyInput<E> &
  HeadersInput<E>;

/** The query of `E`, as a client gives it. */
export type EndpointQuery<E extends ApiEndpoint> = SchemaInput<E, 'query'>;

/** The validated answer of `E`. */
export type EndpointAnswer<E extends ApiEndpoint> = z.output<E['response']>;
