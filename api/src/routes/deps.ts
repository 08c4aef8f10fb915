/** What every route module gets from the API plugin: passed explicitly, nothing global. */
import type { ChanceRules } from '../domain/chance/rules';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import { apiErrorSchema } from '@arttoy/shared/contracts/api';
import type { Database, Db } from '../db/connect';
import type { DataChanges, WatchedTable } from '../cache/data-changes';
import type { CatalogueUrls } from '../domain/catalogue/urls';
import type { FeedSettings } from '../domain/feed/settings';
import type { FieldStore } from '../domain/field/counts';
import type { FieldMetrics } from '../observability/field-metrics';
import type { ExportWorker } from '../domain/privacy/export-jobs';
import type { UnpaidOrderLimits } from '../domain/orders/order-limits';
import type { PaymentProviders } from '../domain/payments/payment-service';
import { type UserRow, userOf } from '../domain/users';
import type { ApiMetrics } from '../observability/metrics';
import type { Authenticator } from '../plugins/auth';
import type { RateLimitPolicies, RateLimitPolicy } from '../plugins/security';

export interface RouteDeps {
  database: Database;
  db: Db;
  auth: Authenticator;
  urls: CatalogueUrls;
  limits: RateLimitPolicies | null;
  /** Payment providers by name; null when one is not configured (PayPal without its credentials). */
  payments: PaymentProviders;
  /** The site's origin for providers' return URLs, from configuration (server-options.ts). */
  siteOrigin: string;
  /** Tables changed, as this process has heard or made them (the answer cache's clock). */
  changes: DataChanges;
  /** Payment provider events received and handled at once, at most (routes/payments). */
  webhookConcurrency: number;
  /** The caps on one account's unpaid orders (domain/orders/order-limits.ts). */
  unpaidOrderLimits: UnpaidOrderLimits;
  /** The site's rules for chance purchases: minimum ages, reminders (domain/chance/rules.ts). */
  chance: ChanceRules;
  /** The live room's limits and timings (domain/feed/settings.ts). */
  feed: FeedSettings;
  /** Visitors' page views and errors per app version (domain/field/counts.ts). */
  field: FieldStore;
  /** Field beacons counted in Prometheus metrics (observability/field-metrics.ts); none when metrics are off. */
  fieldMetrics?: FieldMetrics;
  /** The API's metrics (observability/metrics.ts); calls do nothing when metrics are off. */
  metrics: ApiMetrics;
  /** This process's maker of data exports (domain/privacy/export-jobs.ts). */
  exports: ExportWorker;
}

export interface RouteOptions {
  deps: RouteDeps;
}

/** Catalogue reads change rarely: shared caches may keep them a minute. */
export const CATALOGUE_CACHE = 'public, max-age=60, stale-while-revalidate=300';

/**
 * Route config of a catalogue read served from memory until a table it reads changes
 * (cache/answer-cache.ts). Not limited per IP: answered from memory, and a drop day's crowd reads
 * it through shared addresses (carriers' NAT), where a per-IP count would refuse real buyers.
 */
export const cachedRead = (...tables: WatchedTable[]): FastifyContextConfig => ({
  cachedRead: { tables },
  rateLimit: false,
});
/** What a figure, series or style answer reads (no stock). */
export const CATALOGUE_TABLES: WatchedTable[] = ['styles', 'series', 'figures', 'box_models'];
/** What an answer with box stock reads: the boxes on sale are the stock minus the boxes held by orders. */
export const STOCK_TABLES: WatchedTable[] = [...CATALOGUE_TABLES, 'box_model_figures', 'orders'];
/**
 * How long an answer with box stock is kept at most. Orders' changes drop it at once (their notices),
 * but a hold that runs out with the clock writes nothing until the expiry sweep (up to a minute
 * later): the box it frees shows within this.
 */
export const HELD_STOCK_MAX_AGE_MS = 5_000;
/** cachedRead for an answer with box stock. */
export const cachedStockRead = (): FastifyContextConfig => ({
  cachedRead: { tables: STOCK_TABLES, maxAgeMs: HELD_STOCK_MAX_AGE_MS },
  rateLimit: false,
});
/** A user's own data: never stored by a shared cache. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** Route config applying a rate-limit policy when limits are on. */
export const limitedBy = (policy: RateLimitPolicy | undefined): FastifyContextConfig =>
  policy ? { rateLimit: policy } : {};

/** The error responses a route documents in the OpenAPI document. */
export function errorResponses(...statuses: (400 | 401 | 403 | 404 | 409 | 413 | 429 | 503)[]) {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    number,
    typeof apiErrorSchema
  >;
}

/** The signed-in user of a request: verifies the token, then finds (or creates) the user row. */
export async function requireUser(deps: RouteDeps, request: FastifyRequest): Promise<UserRow> {
  const identity = await deps.auth.verify(request.headers.authorization);
  return userOf(deps.db, identity);
}
