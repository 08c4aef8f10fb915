/**
 * The catalogue of every error the API answers: per code its HTTP status, its class (the wire's
 * `error.code`, one of API_ERROR_CODES), its message as a function of its values, the zod type of
 * the `details` it sends, and the routes that answer it. The API raises errors only from here;
 * clients branch on `error.reason` (the catalogue's code), never on a message.
 *
 * - `details`: what the answer carries in `error.details`. A literal in it (`reason: 'sold_out'`)
 *   is filled in by the catalogue, never by the caller.
 * - `values`: what only the message needs (names, ids, hints); not sent beside the message.
 * - `classOnly`: the answer names its class alone, without `reason`: a 401, a 404, a request
 *   refused by validation or a limit, an outage or a fault, where the class is all a client acts on.
 * - `visitor`: what a visitor is shown instead of `message`, where the message speaks to a developer.
 *
 * Plain zod, no side effects. docs/errors.md is written from this file (`npm run docs:errors`).
 */
import * as z from 'zod';
import { API_ERROR_CODES, type ApiErrorCode, fieldIssueSchema } from './common';
import { accountBusyItemSchema, DELETE_ACCOUNT_PHRASE } from './privacy';

const none = z.object({});
const withHint = z.object({ hint: z.string() });
const orderStatus = z.string();

interface ErrorSpec<Details extends z.ZodObject, Values extends z.ZodObject> {
  status: number;
  class: ApiErrorCode;
  details: Details;
  values?: Values;
  message: (input: z.output<Details> & z.output<Values>) => string;
  /** OpenAPI keys of the routes that answer it: `POST /orders`; `*` for every route. */
  routes: readonly string[];
  /** Who answers it when no route does (an unknown path, an operators' command). */
  answeredBy?: string;
  classOnly?: true;
  visitor?: string;
}

export interface CataloguedError {
  status: number;
  class: ApiErrorCode;
  details: z.ZodObject;
  values?: z.ZodObject;
  message: (input: never) => string;
  routes: readonly string[];
  answeredBy?: string;
  classOnly?: true;
  visitor?: string;
}

const entry = <Details extends z.ZodObject = typeof none, Values extends z.ZodObject = typeof none>(
  spec: ErrorSpec<Details, Values>,
) => spec;

const notFound = <Values extends z.ZodObject>(
  values: Values,
  what: (input: z.output<Values>) => string,
  routes: readonly string[],
) =>
  entry({
    status: 404,
    class: 'not_found',
    details: none,
    values: values.extend(withHint.shape),
    message: (input) => `${what(input as z.output<Values>)} was not found. ${input.hint}`,
    routes,
    classOnly: true,
  });

const unauthenticated = (message: string) =>
  entry({
    status: 401,
    class: 'unauthenticated',
    details: none,
    message: () => message,
    routes: ['*'],
    classOnly: true,
  });

const FIX_UNPAID = (minutes: number) =>
  `Pay for or cancel one of them (GET /api/orders lists them), or order again once one has ` +
  `expired (${minutes} minutes after it was placed).`;

export const API_ERRORS = {
  // Answers of the API's own plumbing, for any route.
  validation_failed: entry({
    status: 400,
    class: 'invalid_request',
    details: z.object({ issues: z.array(fieldIssueSchema) }),
    values: z.object({ label: z.string(), name: z.string(), reason: z.string(), more: z.string() }),
    message: ({ label, name, reason, more }) => `Invalid ${label} ${name}: ${reason}${more}.`,
    routes: ['*'],
    classOnly: true,
  }),
  request_has_nul: entry({
    status: 400,
    class: 'invalid_request',
    details: z.object({ issues: z.array(fieldIssueSchema) }),
    values: z.object({ field: z.string(), reason: z.string() }),
    message: ({ field, reason }) => `Invalid ${field}: ${reason}. Remove it and send the request again.`,
    routes: ['*'],
    classOnly: true,
  }),
  route_not_found: entry({
    status: 404,
    class: 'not_found',
    details: none,
    values: z.object({ method: z.string(), path: z.string(), openapi: z.string() }),
    message: ({ method, path, openapi }) =>
      `${method} ${path} was not found. The API's routes are listed in ${openapi}.`,
    routes: [],
    answeredBy: 'any path under the API that no route takes',
    classOnly: true,
  }),
  rate_limited: entry({
    status: 429,
    class: 'rate_limited',
    details: none,
    values: z.object({ max: z.number(), after: z.string() }),
    message: ({ max, after }) => `Too many requests: at most ${max} in this window. Retry in ${after}.`,
    routes: ['*'],
    classOnly: true,
  }),
  database_busy: entry({
    status: 503,
    class: 'unavailable',
    details: none,
    message: () =>
      'The site is busy right now; try again in a moment (an order or payment retried with the ' +
      'same Idempotency-Key is made once).',
    routes: ['*'],
    classOnly: true,
  }),
  internal: entry({
    status: 500,
    class: 'internal',
    details: z.object({ requestId: z.optional(z.string()) }),
    message: () =>
      'Something went wrong on our side. Retry later; if it keeps failing, contact support with ' +
      'the request id.',
    routes: ['*'],
    classOnly: true,
  }),

  // Sign-in.
  auth_required: unauthenticated(
    "Sign-in required: send the user's Firebase ID token as 'Authorization: Bearer <token>'.",
  ),
  auth_scheme_invalid: entry({
    status: 401,
    class: 'unauthenticated',
    details: none,
    values: z.object({ scheme: z.string() }),
    message: ({ scheme }) =>
      `The Authorization header must be 'Bearer <Firebase ID token>' (got a '${scheme}' header).`,
    routes: ['*'],
    classOnly: true,
  }),
  token_malformed: unauthenticated(
    'The ID token is malformed: a Firebase ID token is a JWT (three dot-separated base64url ' +
      'parts). Send what getIdToken() returns.',
  ),
  token_expired: entry({
    status: 401,
    class: 'token_expired',
    details: none,
    message: () => 'The ID token has expired. Get a fresh one (user.getIdToken(true)) and retry.',
    routes: ['*'],
    classOnly: true,
  }),
  token_revoked: unauthenticated(
    'This sign-in session was revoked or the account is disabled. Sign in again.',
  ),
  token_user_unknown: unauthenticated('The ID token names a user who does not exist. Sign in again.'),
  token_from_future: unauthenticated(
    'The ID token claims to be issued in the future, which Firebase never does. Sign in again to ' +
      'get a new one.',
  ),
  token_invalid: entry({
    status: 401,
    class: 'unauthenticated',
    details: none,
    values: z.object({ problem: z.string() }),
    message: ({ problem }) => `The ID token is not valid: ${problem} Sign in again to get a new one.`,
    routes: ['*'],
    classOnly: true,
  }),
  auth_not_set_up: entry({
    status: 503,
    class: 'unavailable',
    details: none,
    values: z.object({ projectId: z.string() }),
    message: ({ projectId }) =>
      `Sign-in is not set up: project ${projectId} is a demo project, which only the Auth emulator serves. ` +
      'Start it (npx firebase emulators:start --only auth) and set ' +
      'FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099, or set FIREBASE_PROJECT_ID to a real project.',
    routes: ['*'],
    classOnly: true,
  }),
  auth_unavailable: entry({
    status: 503,
    class: 'unavailable',
    details: none,
    values: z.object({ code: z.string(), problem: z.string() }),
    message: ({ code, problem }) =>
      `Could not verify the ID token right now (${code}: ${problem}). Retry shortly.`,
    routes: ['*'],
    classOnly: true,
  }),

  // Things asked for by name or id.
  style_not_found: notFound(z.object({ slug: z.string() }), ({ slug }) => `Style "${slug}"`, [
    'GET /styles/{slug}',
  ]),
  series_not_found: notFound(z.object({ slug: z.string() }), ({ slug }) => `Series "${slug}"`, [
    'GET /series/{slug}',
    'GET /market/asks',
  ]),
  figure_not_found: notFound(z.object({ slug: z.string() }), ({ slug }) => `Figure "${slug}"`, [
    'GET /figures/{slug}',
    'GET /figures/{slug}/art.svg',
    'GET /market/figures/{slug}',
  ]),
  gallery_path_not_found: notFound(
    z.object({ slug: z.string() }),
    ({ slug }) => `Figure or series "${slug}"`,
    ['GET /gallery-paths/{slug}'],
  ),
  box_model_not_found: notFound(
    z.object({ boxModelId: z.number() }),
    ({ boxModelId }) => `Box model ${boxModelId}`,
    ['GET /box-models/{id}', 'GET /box-models/{id}/art.svg', 'POST /orders'],
  ),
  document_not_found: notFound(z.object({ path: z.string() }), ({ path }) => `Document ${path}`, [
    'GET /content/document',
  ]),
  image_not_found: notFound(z.object({ name: z.string() }), ({ name }) => `Image ${name}`, [
    'GET /content/assets/{name}',
  ]),
  draw_not_found: notFound(
    z.object({ drawId: z.union([z.number(), z.string()]) }),
    ({ drawId }) => `Draw ${drawId}`,
    ['GET /draws/{id}', 'GET /draws/{id}/proof'],
  ),
  locker_item_not_found: notFound(
    z.object({ itemIds: z.array(z.number()) }),
    ({ itemIds }) => `Locker item${itemIds.length > 1 ? 's' : ''} ${itemIds.join(', ')}`,
    ['GET /locker/{id}', 'GET /locker/{id}/history', 'POST /locker/ship-requests', 'POST /listings'],
  ),
  listing_not_found: notFound(
    z.object({ listingId: z.number() }),
    ({ listingId }) => `Listing ${listingId}`,
    ['PATCH /listings/{id}', 'DELETE /listings/{id}', 'POST /listings/{id}/orders'],
  ),
  order_not_found: notFound(z.object({ orderSn: z.string() }), ({ orderSn }) => `Order ${orderSn}`, [
    'GET /orders/{orderSn}',
    'POST /orders/{orderSn}/cancel',
    'POST /orders/{orderSn}/payments',
  ]),
  payment_not_found: notFound(z.object({ token: z.string() }), ({ token }) => `Payment ${token}`, [
    'POST /payments/capture',
  ]),
  saved_address_not_found: notFound(
    z.object({ addressId: z.number() }),
    ({ addressId }) => `Saved address ${addressId}`,
    ['DELETE /me/addresses/{id}'],
  ),
  payment_method_not_found: notFound(z.object({ method: z.string() }), ({ method }) => `Saved ${method}`, [
    'DELETE /me/payment-methods/{id}',
    'POST /orders/{orderSn}/payments',
  ]),
  ship_request_not_found: notFound(
    z.object({ requestId: z.number() }),
    ({ requestId }) => `Ship request ${requestId}`,
    ['DELETE /locker/ship-requests/{id}'],
  ),

  // Mystery box orders.
  box_sold_out: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('sold_out'), boxModelId: z.number(), available: z.number() }),
    values: z.object({ boxName: z.string() }),
    message: ({ boxName }) =>
      `${boxName} is sold out: every box left is sold or held by an order awaiting payment. Try ` +
      `again later or choose another box.`,
    routes: ['POST /orders'],
    visitor: 'This box is sold out.',
  }),
  unpaid_order_limit: entry({
    status: 409,
    class: 'conflict',
    details: z.object({
      reason: z.literal('unpaid_order_limit'),
      scope: z.enum(['box', 'account']),
      limit: z.number(),
      unpaidOrders: z.number(),
      boxModelId: z.optional(z.number()),
    }),
    values: z.object({ boxName: z.optional(z.string()), reservationMinutes: z.number() }),
    message: ({ scope, limit, unpaidOrders, boxName, reservationMinutes }) =>
      scope === 'box'
        ? `You already have ${unpaidOrders} unpaid orders for ${boxName}, the most one account may ` +
          `hold for one box at a time (${limit}). ${FIX_UNPAID(reservationMinutes)}`
        : `You already have ${unpaidOrders} unpaid orders, the most one account may hold at a time ` +
          `(${limit}). ${FIX_UNPAID(reservationMinutes)}`,
    routes: ['POST /orders', 'POST /listings/{id}/orders'],
    visitor:
      'You have too many unpaid orders. Pay for or cancel one of them on your orders page, then order again.',
  }),
  // Chance purchases: the rules an account set (chance.ts), checked when a box is ordered.
  age_unconfirmed: entry({
    status: 403,
    class: 'forbidden',
    details: z.object({ reason: z.literal('age_unconfirmed'), minAge: z.number() }),
    message: ({ minAge }) =>
      `Mystery boxes are sold from the age of ${minAge}. Confirm your date of birth once in ` +
      `your profile (Limits and breaks), then order again.`,
    routes: ['POST /orders', 'POST /listings/{id}/orders'],
  }),
  under_age: entry({
    status: 403,
    class: 'forbidden',
    details: z.object({ reason: z.literal('under_age'), minAge: z.number(), ofAgeFrom: z.string() }),
    message: ({ minAge, ofAgeFrom }) =>
      `Mystery boxes are sold from the age of ${minAge}; by the date of birth you confirmed, you ` +
      `may order them from ${ofAgeFrom}.`,
    routes: ['POST /orders', 'POST /listings/{id}/orders'],
  }),
  on_break: entry({
    status: 403,
    class: 'forbidden',
    details: z.object({ reason: z.literal('on_break'), breakUntil: z.string() }),
    message: ({ breakUntil }) =>
      `You are taking a break from mystery boxes until ${breakUntil}; it cannot be ended early. ` +
      `The market and your locker stay open.`,
    routes: ['POST /orders'],
  }),
  spending_limit: entry({
    status: 409,
    class: 'conflict',
    details: z.object({
      reason: z.literal('spending_limit'),
      period: z.enum(['day', 'week', 'month']),
      limitMinor: z.number(),
      spentMinor: z.number(),
      leftMinor: z.number(),
      priceMinor: z.number(),
      currency: z.string(),
      resetsAt: z.string(),
    }),
    message: ({ period, leftMinor, currency, resetsAt }) =>
      `This box would pass the limit you set for this ${period}: ${leftMinor} ${currency} (in ` +
      `cents or the currency's smallest unit) is left until ${resetsAt}. You can change your ` +
      `limits in your profile; a higher limit applies 24 hours after you set it.`,
    routes: ['POST /orders'],
  }),
  spending_limit_currency: entry({
    status: 409,
    class: 'conflict',
    details: z.object({
      reason: z.literal('spending_limit_currency'),
      limitCurrency: z.string(),
      currency: z.string(),
    }),
    message: ({ limitCurrency, currency }) =>
      `Your spending limits are in ${limitCurrency} and this box is priced in ${currency}, so it ` +
      `cannot be counted against them. Set your limits in ${currency} in your profile to order it.`,
    routes: ['POST /orders'],
  }),
  limit_currency_change: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('limit_currency_change'), currency: z.string() }),
    message: ({ currency }) =>
      `Your limits are in ${currency}. To count them in another currency, first remove every ` +
      `limit (a removal applies 24 hours later), then set them again in the new currency.`,
    routes: ['PUT /me/limits'],
  }),
  age_already_confirmed: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('age_already_confirmed'), birthMonth: z.string() }),
    message: ({ birthMonth }) =>
      `Your date of birth is already confirmed (${birthMonth}); it is confirmed once and cannot ` +
      `be changed here. Write to support if it is wrong.`,
    routes: ['PUT /me/age'],
  }),
  order_key_reused: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('idempotency_key_reused'), differs: z.array(z.string()) }),
    values: z.object({ key: z.string(), boxModelId: z.nullable(z.number()) }),
    message: ({ key, boxModelId, differs }) =>
      `Idempotency-Key ${key} was already used for another order request (box ${boxModelId}); ` +
      `this body differs in ${differs.join(', ')}. A retry must send the same body; use a new ` +
      `key for a new order.`,
    routes: ['POST /orders'],
  }),
  order_key_reused_by_other_kind: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('idempotency_key_reused'), differs: z.tuple([z.literal('kind')]) }),
    values: z.object({ key: z.string(), kind: z.enum(['listing', 'ship_out']) }),
    message: ({ key, kind }) =>
      `Idempotency-Key ${key} was already used for another order (not of a box: ` +
      `${kind === 'listing' ? "a collector's listing" : 'a ship-out fee'}). A retry must repeat ` +
      `the same request; use a new key for a new order.`,
    routes: ['POST /orders'],
  }),
  order_capture_in_progress: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ status: orderStatus }),
    values: z.object({ orderSn: z.string() }),
    message: ({ orderSn }) =>
      `Order ${orderSn} has a payment being completed with the provider: it cannot be cancelled ` +
      `now. Check the order again in a minute.`,
    routes: ['POST /orders/{orderSn}/cancel'],
  }),
  order_not_cancellable: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ status: orderStatus }),
    values: z.object({ orderSn: z.string() }),
    message: ({ orderSn, status }) =>
      `Order ${orderSn} is ${status.replace('_', ' ')}: only an unpaid order can be cancelled.`,
    routes: ['POST /orders/{orderSn}/cancel'],
  }),

  // Paying for an order.
  order_already_paid: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ status: orderStatus }),
    values: z.object({ orderSn: z.string() }),
    message: ({ orderSn }) => `Order ${orderSn} is already paid.`,
    routes: ['POST /orders/{orderSn}/payments', 'POST /payments/capture'],
  }),
  order_refunded: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ status: orderStatus }),
    values: z.object({ orderSn: z.string(), gone: z.string(), next: z.string() }),
    message: ({ orderSn, gone, next }) =>
      `Order ${orderSn} was paid and refunded in full: ${gone}. Nothing is owed; ${next}.`,
    routes: ['POST /orders/{orderSn}/payments', 'POST /payments/capture'],
  }),
  order_not_payable: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ status: orderStatus }),
    values: z.object({ orderSn: z.string(), again: z.string() }),
    message: ({ orderSn, status, again }) => `Order ${orderSn} is ${status}: nothing was charged. ${again}.`,
    routes: ['POST /orders/{orderSn}/payments', 'POST /payments/capture'],
  }),
  order_expired: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ status: z.literal('expired') }),
    values: z.object({ orderSn: z.string(), freed: z.string(), again: z.string() }),
    message: ({ orderSn, freed, again }) =>
      `Order ${orderSn} has expired and ${freed}; nothing was charged. ${again}.`,
    routes: ['POST /orders/{orderSn}/payments', 'POST /payments/capture'],
  }),
  order_refunded_unfulfillable: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('refunded'), status: z.literal('refunded'), refundId: z.string() }),
    values: z.object({ orderSn: z.string(), gone: z.string(), next: z.string() }),
    message: ({ orderSn, gone, next, refundId }) =>
      `Order ${orderSn}: ${gone}, so the payment was refunded in full (refund ${refundId}). ` +
      `Nothing is owed; ${next}.`,
    routes: ['POST /orders/{orderSn}/payments', 'POST /payments/capture'],
  }),
  provider_not_set_up: entry({
    status: 409,
    class: 'conflict',
    details: none,
    values: z.object({ provider: z.string() }),
    message: ({ provider }) =>
      `Payments with ${provider} are not set up on this server (see api/README.md, PayPal). Pay ` +
      `with the sandbox provider instead.`,
    routes: ['POST /orders/{orderSn}/payments', 'POST /payments/capture'],
    visitor: 'This way of paying is not available right now. Pay another way.',
  }),
  payment_mismatch: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ providerStatus: z.string() }),
    values: z.object({ orderSn: z.string(), problem: z.string() }),
    message: ({ orderSn, problem }) =>
      `The provider's payment does not match order ${orderSn}: ${problem}. The order was not ` +
      `fulfilled; contact support with the order reference.`,
    routes: ['POST /orders/{orderSn}/payments', 'POST /payments/capture'],
  }),
  payment_pending: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ providerStatus: z.string() }),
    message: ({ providerStatus }) =>
      `The provider has not completed the payment yet (${providerStatus}). Check again in a minute.`,
    routes: ['POST /orders/{orderSn}/payments', 'POST /payments/capture'],
  }),
  payment_declined: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ providerStatus: z.string() }),
    values: z.object({ problem: z.string() }),
    message: ({ problem }) => problem,
    routes: ['POST /orders/{orderSn}/payments', 'POST /payments/capture'],
  }),
  saved_method_not_immediate: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ providerStatus: z.string() }),
    message: ({ providerStatus }) =>
      `The provider did not take the saved method's payment at once (${providerStatus}). Pay ` +
      `without the saved method.`,
    routes: ['POST /orders/{orderSn}/payments'],
  }),
  provider_unavailable: entry({
    status: 503,
    class: 'unavailable',
    details: none,
    values: z.object({ problem: z.string() }),
    message: ({ problem }) => problem,
    routes: ['POST /orders/{orderSn}/payments', 'POST /payments/capture'],
    classOnly: true,
  }),
  refund_pending: entry({
    status: 503,
    class: 'unavailable',
    details: none,
    values: z.object({ orderSn: z.string(), gone: z.string(), provider: z.string(), problem: z.string() }),
    message: ({ orderSn, gone, provider, problem }) =>
      `Order ${orderSn}: the payment went through, but ${gone}, and ${provider} could not refund ` +
      `it just now (${problem}). The refund is retried automatically; nothing is charged twice.`,
    routes: ['POST /orders/{orderSn}/payments', 'POST /payments/capture'],
    classOnly: true,
  }),

  // Payment providers' webhooks.
  webhooks_not_set_up: entry({
    status: 404,
    class: 'not_found',
    details: none,
    values: z.object({ provider: z.string() }),
    message: ({ provider }) => `Webhooks of ${provider} are not set up on this server.`,
    routes: ['POST /payments/webhook/{provider}'],
    classOnly: true,
  }),
  paypal_webhook_id_missing: entry({
    status: 404,
    class: 'not_found',
    details: none,
    message: () =>
      'PayPal webhooks are not set up on this server: set PAYPAL_WEBHOOK_ID to the webhook id ' +
      'from the PayPal dashboard.',
    routes: ['POST /payments/webhook/{provider}'],
    classOnly: true,
  }),
  sandbox_sends_no_webhooks: entry({
    status: 404,
    class: 'not_found',
    details: none,
    message: () =>
      'The sandbox provider sends no webhooks: its payments complete when the buyer returns. ' +
      'Webhooks exist for paypal.',
    routes: ['POST /payments/webhook/{provider}'],
    classOnly: true,
  }),
  webhook_not_an_event: entry({
    status: 400,
    class: 'invalid_request',
    details: none,
    message: () => 'The body is not a PayPal webhook event (it needs id and event_type).',
    routes: ['POST /payments/webhook/{provider}'],
  }),
  webhook_unsigned: entry({
    status: 400,
    class: 'invalid_request',
    details: none,
    values: z.object({ missing: z.array(z.string()) }),
    message: ({ missing }) => `The webhook lacks PayPal's signature headers: ${missing.join(', ')}.`,
    routes: ['POST /payments/webhook/{provider}'],
  }),
  webhook_signature_invalid: entry({
    status: 400,
    class: 'invalid_request',
    details: none,
    message: () =>
      'PayPal did not confirm this webhook’s signature: it was not sent by PayPal for our ' +
      'webhook, or was changed on the way.',
    routes: ['POST /payments/webhook/{provider}'],
  }),
  webhooks_busy: entry({
    status: 503,
    class: 'unavailable',
    details: none,
    values: z.object({ limit: z.number() }),
    message: ({ limit }) => `Too many payment events at once (at most ${limit}); retry in a few seconds.`,
    routes: ['POST /payments/webhook/{provider}'],
    classOnly: true,
  }),

  // The market: listings, buying one, payouts.
  handle_required: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('handle_required') }),
    message: () =>
      'Buyers see sellers by their public handle, and you have none yet: choose one on /profile ' +
      '(PUT /api/me/handle), then list the item.',
    routes: ['POST /listings'],
    visitor: 'Choose a public handle on /profile before you sell: buyers see sellers by handle only.',
  }),
  too_many_listings: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('too_many_listings'), max: z.number() }),
    values: z.object({ myListings: z.string() }),
    message: ({ max, myListings }) =>
      `You have ${max} open listings, the most one account may have: withdraw one (${myListings} ` +
      `lists them), then list this item.`,
    routes: ['POST /listings'],
    visitor: 'You have as many open listings as one account may have: withdraw one, then list this item.',
  }),
  locker_item_not_listable: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ status: z.enum(['listed', 'ship_requested', 'shipped']) }),
    values: z.object({ itemId: z.number(), why: z.string() }),
    message: ({ itemId, why }) => `Locker item ${itemId} ${why}`,
    routes: ['POST /listings'],
    visitor: 'This figure cannot be listed now: it is already listed, or on its way to you.',
  }),
  locker_item_listed: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ status: z.literal('listed') }),
    values: z.object({ itemId: z.number(), myListings: z.string() }),
    message: ({ itemId, myListings }) =>
      `Locker item ${itemId} is already listed: change its price or withdraw it instead ` +
      `(${myListings} lists your listings).`,
    routes: ['POST /listings'],
    visitor: 'This figure is already listed: change its price or withdraw it instead.',
  }),
  listing_not_open: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ status: z.string() }),
    values: z.object({ listingId: z.number(), change: z.string() }),
    message: ({ listingId, status, change }) =>
      `Listing ${listingId} is ${status}: only an open listing can be ${change}.`,
    routes: ['PATCH /listings/{id}', 'DELETE /listings/{id}'],
  }),
  listing_held: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ status: z.string(), reason: z.literal('reserved') }),
    values: z.object({ listingId: z.number(), change: z.string() }),
    message: ({ listingId, change }) =>
      `A buyer's order holds listing ${listingId} right now, so it cannot be ${change}. Try ` +
      `again once that order is paid or has ended (unpaid orders end within minutes).`,
    routes: ['PATCH /listings/{id}', 'DELETE /listings/{id}'],
  }),
  listing_sold: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('listing_sold') }),
    values: z.object({ listingId: z.number(), hint: z.string() }),
    message: ({ listingId, hint }) => `Listing ${listingId} is sold: it cannot be bought. ${hint}`,
    routes: ['POST /listings/{id}/orders'],
    visitor: 'This listing is sold: it cannot be bought.',
  }),
  listing_withdrawn: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('listing_withdrawn') }),
    values: z.object({ listingId: z.number(), hint: z.string() }),
    message: ({ listingId, hint }) =>
      `Listing ${listingId} is withdrawn by its seller: it cannot be bought. ${hint}`,
    routes: ['POST /listings/{id}/orders'],
    visitor: 'This listing was withdrawn by its seller: it cannot be bought.',
  }),
  listing_own: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('own_listing') }),
    values: z.object({ listingId: z.number() }),
    message: ({ listingId }) =>
      `Listing ${listingId} is yours: you cannot buy your own listing. Withdraw it (DELETE ` +
      `/api/listings/${listingId}) to keep the figure.`,
    routes: ['POST /listings/{id}/orders'],
    visitor: 'This is your own listing: you cannot buy it. Withdraw it from your locker instead.',
  }),
  listing_ordered_by_you: entry({
    status: 409,
    class: 'conflict',
    details: z.object({
      reason: z.literal('listing_reserved_by_you'),
      orderSn: z.string(),
      reservedUntil: z.string(),
    }),
    values: z.object({ listingId: z.number(), paid: z.boolean(), payPath: z.string() }),
    message: ({ listingId, orderSn, reservedUntil, paid, payPath }) =>
      paid
        ? `Your order ${orderSn} of listing ${listingId} is paid: the figure is coming to your ` +
          `locker. GET /api/orders/${orderSn} shows it.`
        : `You already ordered listing ${listingId} (order ${orderSn}), and it is yours to pay ` +
          `until ${reservedUntil}: pay that order (${payPath}?order=${orderSn}) instead of ` +
          `ordering again. Nothing was charged.`,
    routes: ['POST /listings/{id}/orders'],
    visitor:
      'You have already ordered this listing: pay that order (your orders list it) instead of ' +
      'ordering again.',
  }),
  listing_reserved: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('listing_reserved'), reservedUntil: z.string() }),
    values: z.object({ listingId: z.number() }),
    message: ({ listingId, reservedUntil }) =>
      `Listing ${listingId} is reserved by another buyer's order until ${reservedUntil}; it is ` +
      `back on sale if that order is not paid by then. Nothing was charged.`,
    routes: ['POST /listings/{id}/orders'],
    visitor: 'Another buyer is paying for this listing. It goes back on sale if they do not pay in time.',
  }),
  listing_key_reused: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('idempotency_key_reused') }),
    values: z.object({ key: z.string(), listingId: z.nullable(z.number()) }),
    message: ({ key, listingId }) =>
      `Idempotency-Key ${key} was already used for another order ` +
      `(${listingId === null ? 'not of a listing' : `listing ${listingId}`}). ` +
      'A retry must repeat the same request; use a new key for a new order.',
    routes: ['POST /listings/{id}/orders'],
  }),
  listing_hold_limit: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('listing_hold_limit'), limit: z.number(), retryAfter: z.string() }),
    values: z.object({ listingId: z.number(), lapsed: z.number(), windowMinutes: z.number() }),
    message: ({ listingId, lapsed, windowMinutes, limit, retryAfter }) =>
      `You have ordered listing ${listingId} ${lapsed} times in the last ${windowMinutes} ` +
      `minutes without paying, the most one buyer may (${limit}): other buyers and its seller ` +
      `get their turn. You can order it again from ${retryAfter} if it is still on sale.`,
    routes: ['POST /listings/{id}/orders'],
    visitor:
      'You have ordered this listing several times without paying: other buyers get their turn. ' +
      'Try again later.',
  }),
  payout_over_balance: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('over_balance'), balanceMinor: z.number() }),
    values: z.object({ amountMinor: z.number() }),
    message: ({ amountMinor, balanceMinor }) =>
      `A payout of ${amountMinor} minor units is more than your balance (${balanceMinor}). Ask ` +
      `for at most your balance (GET /api/me/balance).`,
    routes: ['POST /me/payouts'],
    visitor: 'A payout cannot be more than your balance.',
  }),

  // The profile and the address book.
  handle_changed_recently: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('handle_changed_recently'), nextChangeAt: z.string() }),
    values: z.object({ changedOn: z.string(), nextOn: z.string(), days: z.number() }),
    message: ({ changedOn, nextOn, days }) =>
      `Your handle changed on ${changedOn}; a handle can change once every ${days} days, so the ` +
      `next change is possible from ${nextOn}.`,
    routes: ['PUT /me/handle'],
  }),
  handle_taken: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('handle_taken') }),
    values: z.object({ handle: z.string() }),
    message: ({ handle }) => `The handle "${handle}" is taken: choose another one.`,
    routes: ['PUT /me/handle'],
  }),
  handle_reserved: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('handle_reserved'), reservedUntil: z.string() }),
    values: z.object({ handle: z.string(), until: z.string() }),
    message: ({ handle, until }) =>
      `The handle "${handle}" was given up by its owner recently and is kept for them until ` +
      `${until}: choose another one.`,
    routes: ['PUT /me/handle'],
  }),
  // A visitor's data: its export and the deletion of the account.
  export_not_found: notFound(z.object({ what: z.string() }), ({ what }) => what, [
    'GET /me/exports/{id}',
    'GET /me/exports/download/{token}',
  ]),
  export_not_ready: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('export_not_ready') }),
    message: () =>
      'Your data is still being gathered: GET /api/me/exports/{id} says when it is ready (within minutes).',
    routes: ['GET /me/exports/download/{token}'],
  }),
  export_link_used: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('export_link_used'), format: z.string() }),
    message: ({ format }) =>
      `This link's ${format} file was downloaded already: each file is given once. Ask for a new ` +
      'export on your profile ("Download my data").',
    routes: ['GET /me/exports/download/{token}'],
  }),
  export_link_expired: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('export_link_expired'), expiredAt: z.string() }),
    message: ({ expiredAt }) =>
      `This link expired at ${expiredAt} and its files were deleted. Ask for a new export on your ` +
      'profile ("Download my data").',
    routes: ['GET /me/exports/download/{token}'],
  }),
  account_delete_unconfirmed: entry({
    status: 400,
    class: 'invalid_request',
    details: z.object({ reason: z.literal('account_delete_unconfirmed'), expected: z.string() }),
    message: ({ expected }) =>
      `To delete your account, type ${expected === 'handle' ? 'your handle' : `"${DELETE_ACCOUNT_PHRASE}"`} ` +
      'in the confirmation box: nothing was deleted.',
    routes: ['DELETE /me'],
  }),
  account_busy: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('account_busy'), items: z.array(accountBusyItemSchema) }),
    message: ({ items }) =>
      `Your account cannot be deleted yet: money or items are on their way. First: ${items
        .map((item) => item.todo)
        .join(' ')}`,
    routes: ['DELETE /me'],
  }),
  account_deleted: entry({
    status: 401,
    class: 'unauthenticated',
    details: z.object({ reason: z.literal('account_deleted') }),
    message: () => 'This account was deleted. Sign in with another account, or create a new one.',
    routes: ['*'],
  }),
  address_book_full: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ reason: z.literal('address_book_full'), max: z.number() }),
    message: ({ max }) =>
      `Your address book is full: it keeps ${max} addresses. Remove one you no longer use (on ` +
      `your profile), then save this one.`,
    routes: ['POST /me/addresses'],
  }),

  // Shipping figures out of the locker.
  ship_items_unavailable: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ itemIds: z.array(z.number()) }),
    values: z.object({ items: z.array(z.object({ id: z.number(), status: z.string() })) }),
    message: ({ items }) => {
      const listed = items.map((item) => `${item.id} (${item.status.replace('_', ' ')})`).join(', ');
      return (
        `Item${items.length > 1 ? 's' : ''} ${listed} cannot be shipped: only items in your locker can. ` +
        `Cancel the earlier ship request first, or leave ${items.length > 1 ? 'them' : 'it'} out.`
      );
    },
    routes: ['POST /locker/ship-requests'],
  }),
  ship_request_shipped: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ status: z.string() }),
    values: z.object({ requestId: z.number() }),
    message: ({ requestId }) =>
      `Ship request ${requestId} has already shipped and can no longer be cancelled.`,
    routes: ['DELETE /locker/ship-requests/{id}'],
  }),
  ship_request_fee_paid: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ status: z.string(), orderStatus }),
    values: z.object({ requestId: z.number(), orderSn: z.string() }),
    message: ({ requestId, orderSn }) =>
      `Ship request ${requestId}'s fee is paid (order ${orderSn}), so it is with the warehouse ` +
      `and can no longer be cancelled here. Contact support to stop it and get the fee back.`,
    routes: ['DELETE /locker/ship-requests/{id}'],
  }),
  ship_request_fee_paying: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ status: z.string() }),
    values: z.object({ requestId: z.number(), orderSn: z.string() }),
    message: ({ requestId, orderSn }) =>
      `Ship request ${requestId}'s fee is being paid right now (order ${orderSn}): it cannot be ` +
      `cancelled now. Check it again in a minute.`,
    routes: ['DELETE /locker/ship-requests/{id}'],
  }),
  ship_fee_provider_missing: entry({
    status: 409,
    class: 'conflict',
    details: none,
    values: z.object({ orderSn: z.string(), provider: z.string() }),
    message: ({ orderSn, provider }) =>
      `Order ${orderSn} was paid with ${provider}, which is not set up on this server now, so ` +
      `its fee cannot be refunded here. Contact support.`,
    routes: ['DELETE /locker/ship-requests/{id}'],
  }),
  ship_fee_refund_refused: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ providerStatus: z.string() }),
    values: z.object({ orderSn: z.string(), provider: z.string(), problem: z.string() }),
    message: ({ orderSn, provider, problem }) =>
      `${provider} refused to refund the ship-out fee of order ${orderSn} (${problem}); nothing ` +
      `was cancelled. Contact support.`,
    routes: ['DELETE /locker/ship-requests/{id}'],
  }),
  ship_fee_refund_unavailable: entry({
    status: 503,
    class: 'unavailable',
    details: none,
    values: z.object({ orderSn: z.string(), provider: z.string(), problem: z.string() }),
    message: ({ orderSn, provider, problem }) =>
      `${provider} could not refund the ship-out fee of order ${orderSn} just now (${problem}); ` +
      `nothing was cancelled. Try again shortly.`,
    routes: ['DELETE /locker/ship-requests/{id}'],
    classOnly: true,
  }),
  ship_mark_invalid: entry({
    status: 400,
    class: 'invalid_request',
    details: z.object({ issues: z.array(fieldIssueSchema) }),
    values: z.object({ requestId: z.number() }),
    message: ({ requestId, issues }) =>
      `Cannot mark ship request ${requestId} shipped: ` +
      `${issues.map((issue) => `${issue.field} ${issue.reason}`).join('; ')}.`,
    routes: [],
    answeredBy: "the operators' ship command (npm run ship -w api)",
  }),
  ship_mark_not_requested: entry({
    status: 409,
    class: 'conflict',
    details: z.object({ status: z.string() }),
    values: z.object({ requestId: z.number(), tracking: z.string() }),
    message: ({ requestId, status, tracking }) =>
      `Ship request ${requestId} is ${status.replace('_', ' ')}${tracking}; only a requested one can ship.`,
    routes: [],
    answeredBy: "the operators' ship command (npm run ship -w api)",
  }),

  // The live room and content preview.
  feed_needs_event_stream: entry({
    status: 400,
    class: 'invalid_request',
    details: none,
    values: z.object({ path: z.string() }),
    message: ({ path }) =>
      `${path} is a stream of server-sent events: ask for it with Accept: text/event-stream ` +
      `(EventSource does), or read the latest events as JSON from ${path}/recent.`,
    routes: ['GET /feed'],
  }),
  feed_streams_per_ip: entry({
    status: 429,
    class: 'rate_limited',
    details: none,
    values: z.object({ max: z.number() }),
    message: ({ max }) =>
      `Too many live feed streams from this address (at most ${max}): close another tab showing ` +
      `the live room, then retry.`,
    routes: ['GET /feed'],
    classOnly: true,
  }),
  feed_closing: entry({
    status: 503,
    class: 'unavailable',
    details: none,
    message: () => 'This server is restarting: reconnect in a moment.',
    routes: ['GET /feed'],
    classOnly: true,
  }),
  feed_full: entry({
    status: 503,
    class: 'unavailable',
    details: none,
    message: () => 'The live feed is full on this server: retry in a minute.',
    routes: ['GET /feed'],
    classOnly: true,
  }),
  preview_token_invalid: entry({
    status: 403,
    class: 'forbidden',
    details: none,
    message: () =>
      'This preview token is not valid. Ask for a current one (PREVIEW_TOKENS on the server) and ' +
      'open the preview link again.',
    routes: ['GET /content/preview'],
  }),
} satisfies Record<string, CataloguedError>;

export type ApiErrorReason = keyof typeof API_ERRORS;
type Entry<Code extends ApiErrorReason> = (typeof API_ERRORS)[Code];
type Shape<Code extends ApiErrorReason> = Entry<Code>['details']['shape'];
type LiteralKeys<Code extends ApiErrorReason> = {
  [Key in keyof Shape<Code>]: Shape<Code>[Key] extends z.ZodLiteral ? Key : never;
}[keyof Shape<Code>];

/** The output of a zod object, `{}` for one without fields. */
type Fields<Schema> = Schema extends z.ZodObject
  ? keyof Schema['shape'] extends never
    ? object
    : z.output<Schema>
  : object;

/** What the `details` of an answer with this code are. */
export type ApiErrorDetails<Code extends ApiErrorReason> = Fields<Entry<Code>['details']>;
/** What raising this code takes: its details (less the literals the catalogue fills) and its values. */
export type ApiErrorInput<Code extends ApiErrorReason> = Omit<ApiErrorDetails<Code>, LiteralKeys<Code>> &
  (Entry<Code> extends { values?: infer Values } ? Fields<Values> : object);

export const API_ERROR_REASONS = Object.keys(API_ERRORS) as [ApiErrorReason, ...ApiErrorReason[]];

export const isApiErrorReason = (value: unknown): value is ApiErrorReason =>
  typeof value === 'string' && Object.hasOwn(API_ERRORS, value);

/** An error of the catalogue, filled in: the status, class, message and details its answer carries. */
export interface RaisedError {
  status: number;
  class: ApiErrorCode;
  reason: ApiErrorReason;
  message: string;
  details: Record<string, unknown> | undefined;
  classOnly: boolean;
}

/** Fills in an error of the catalogue: the details it sends (literals filled in) and its message. */
export function describeError<Code extends ApiErrorReason>(
  code: Code,
  input: ApiErrorInput<Code>,
): RaisedError {
  const spec = API_ERRORS[code] as CataloguedError;
  const given = input as Record<string, unknown>;
  const details: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(spec.details.shape)) {
    const value = schema instanceof z.ZodLiteral ? schema.value : given[key];
    if (value !== undefined) details[key] = value;
  }
  const message = (spec.message as (all: Record<string, unknown>) => string)({ ...given, ...details });
  return {
    status: spec.status,
    class: spec.class,
    reason: code,
    message,
    details: Object.keys(details).length > 0 ? details : undefined,
    classOnly: spec.classOnly === true,
  };
}

/** What a visitor is shown for an answer with this code: the catalogue's visitor copy, or null. */
export function visitorCopyOf(code: ApiErrorReason): string | null {
  return (API_ERRORS[code] as CataloguedError).visitor ?? null;
}

/**
 * Every error response of the API: `{ error: { code, reason?, message, details? } }`. `code` is the
 * class; `reason` names the catalogue's code of a specific refusal (as Google AIP-193's ErrorInfo).
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(API_ERROR_CODES),
    reason: z.optional(z.enum(API_ERROR_REASONS)),
    message: z.string(),
    details: z.optional(z.record(z.string(), z.unknown())),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
