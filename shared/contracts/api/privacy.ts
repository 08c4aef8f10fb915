/** A visitor's data: its export ("Download my data") and the deletion of the account. */
import * as z from 'zod';
import { recordIdParamSchema, recordIdSchema, timestampSchema } from './common';

/** requested (a worker makes it) → ready (the link works) → expired (the files are gone). */
export const EXPORT_JOB_STATUSES = ['requested', 'ready', 'expired'] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

/** The two files of an export: the data as JSON, and a summary to read in a browser. */
export const EXPORT_FORMATS = ['json', 'html'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportJobSchema = z.object({
  id: recordIdSchema,
  status: z.enum(EXPORT_JOB_STATUSES),
  requestedAt: timestampSchema,
  readyAt: z.nullable(timestampSchema),
  expiresAt: z.nullable(timestampSchema),
  /** The files not yet downloaded: each is given once. */
  formatsLeft: z.array(z.enum(EXPORT_FORMATS)),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

/**
 * POST /api/me/exports' answer: the job and its link's token, given this once (only its hash is
 * kept). The files are at GET /api/me/exports/download/{token}?format=json|html, for the owner only.
 */
export const exportRequestedSchema = z.object({ job: exportJobSchema, token: z.string() });
export type ExportRequested = z.infer<typeof exportRequestedSchema>;

export const exportJobParamsSchema = z.object({ id: recordIdParamSchema });
/**
 * A link's token is 32 random bytes, base64url; any other text is simply no link (404 after the
 * sign-in check, so the route answers 401 before it looks at the token).
 */
export const exportTokenSchema = z.string().min(1).max(128);
export const exportDownloadParamsSchema = z.object({ token: exportTokenSchema });
export const exportDownloadQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default('json') });

/** What the person types to confirm a deletion when they have no handle. */
export const DELETE_ACCOUNT_PHRASE = 'delete my account';

/** DELETE /api/me body: the second confirmation, the user's handle (or the phrase, without one). */
export const deleteAccountBodySchema = z.object({ confirm: z.string().trim().toLowerCase().max(64) });
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

/** What keeps an account from being deleted (error `account_busy`), each with what to do first. */
export const ACCOUNT_BUSY_KINDS = [
  'unpaid_orders',
  'orders_in_progress',
  'open_listings',
  'balance',
  'ship_outs',
] as const;
export type AccountBusyKind = (typeof ACCOUNT_BUSY_KINDS)[number];
export const accountBusyItemSchema = z.object({
  kind: z.enum(ACCOUNT_BUSY_KINDS),
  count: z.int().nonnegative(),
  /** What to do first, in plain words. */
  todo: z.string(),
});
export type AccountBusyItem = z.infer<typeof accountBusyItemSchema>;

export const accountDeletedSchema = z.object({ deleted: z.literal(true) });
