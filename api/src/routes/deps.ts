/** What every route module gets from the API plugin: passed explicitly, nothing global. */
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import { apiErrorSchema } from '@arttoy/shared/contracts/api';
import type { Database, Db } from '../db/connect';
import type { DataChanges, WatchedTable } from '../cache/data-changes';
import type { CatalogueUrls } from '../domain/catalogue/urls';
import type { PaymentProviders } from '../domain/payments/payment-service';
import { type UserRow, userOf } from '../domain/users';
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
  /** The site's origin for providers' return URLs; null: the origin the request came to. */
  siteOrigin: string | null;
  /** Tables changed, as this process has heard or made them (the answer cache's clock). */
  changes: DataChanges;
}

export interface RouteOptions {
  deps: RouteDeps;
}

/** Catalogue reads change rarely: shared caches may keep them a minute. */
export const CATALOGUE_CACHE = 'public, max-age=60, stale-while-revalidate=300';

/** Route config of a catalogue read served from memory until a table it reads changes (cache/answer-cache.ts). */
export const cachedRead = (...tables: WatchedTable[]): FastifyContextConfig => ({ cachedRead: { tables } });
/** What a figure, series or style answer reads (no stock). */
export const CATALOGUE_TABLES: WatchedTable[] = ['styles', 'series', 'figures', 'box_models'];
/** What an answer with box stock reads. */
export const STOCK_TABLES: WatchedTable[] = [...CATALOGUE_TABLES, 'box_model_figures'];
/** A user's own data: never stored by a shared cache. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** Route config applying a rate-limit policy when limits are on. */
export const limitedBy = (policy: RateLimitPolicy | undefined): FastifyContextConfig => (policy ? { rateLimit: policy } : {});

/** The error responses a route documents in the OpenAPI document. */
export function errorResponses(...statuses: (400 | 401 | 404 | 409 | 429 | 503)[]) {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<number, typeof apiErrorSchema>;
}

/** The signed-in user of a request: verifies the token, then finds (or creates) the user row. */
export async function requireUser(deps: RouteDeps, request: FastifyRequest): Promise<UserRow> {
  const identity = await deps.auth.verify(request.headers.authorization);
  return userOf(deps.db, identity);
}


/** The origin buyers return to from a payment provider: SITE_ORIGIN, else the one this request came to. */
export function siteOriginOf(deps: RouteDeps, request: FastifyRequest): string {
  return deps.siteOrigin ?? `${request.protocol}://${request.host}`;
}
