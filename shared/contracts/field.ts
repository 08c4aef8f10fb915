/**
 * The limits of a field report (POST /api/field), without zod: the browser's beacon cuts to them,
 * and the API's schema (contracts/api/field.ts) refuses past them.
 */

/** How an error reached the report: the outlet's fallback, a failed load of a remote's code, or the window. */
export const FIELD_ERROR_KINDS = ['remote', 'load', 'uncaught', 'rejection'] as const;
export type FieldErrorKind = (typeof FIELD_ERROR_KINDS)[number];

/** Errors one beacon may carry: the browser sends a full batch at once, so a storm cannot grow one beacon. */
export const MAX_FIELD_ERRORS = 20;
/** The longest message kept; the browser cuts longer ones (and the API refuses them, so a client cannot store more). */
export const MAX_FIELD_MESSAGE = 200;
/** Page views one beacon may count: a batch is sent well before this (every few seconds and on leaving). */
export const MAX_FIELD_VIEWS = 100;
