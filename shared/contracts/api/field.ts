/**
 * Field data: what visitors' browsers report of the pages they run (POST /api/field), counted per
 * minute for each app version, and read back per version (GET /api/field/health) by whoever judges
 * a deploy, such as the canary judge (deploy/src/deploy-service/canary-judge.ts).
 *
 * A beacon names the route pattern (never the visited path), the build, the version of every app
 * on the page and the errors met there, with messages the browser has already trimmed and cleaned
 * (shell/src/field/). Nothing in it identifies a visitor.
 */
import * as z from 'zod';
import { FIELD_ERROR_KINDS, MAX_FIELD_ERRORS, MAX_FIELD_MESSAGE, MAX_FIELD_VIEWS } from '../field';
import { APP_NAMES } from '../remote';

const appSchema = z.enum(APP_NAMES);
const versionSchema = z
  .string()
  .regex(
    /^[0-9a-z][0-9a-z.-]{0,63}$/,
    'must be a published version: lower-case letters, digits, dots and dashes',
  );

export const fieldErrorSchema = z.object({
  app: appSchema,
  version: versionSchema,
  kind: z.enum(FIELD_ERROR_KINDS),
  message: z.string().max(MAX_FIELD_MESSAGE),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const fieldReportSchema = z
  .object({
    /** The route's pattern from the site's route table (`/rules/:page`), or its id. */
    route: z
      .string()
      .min(1)
      .max(80)
      .regex(/^[\w/:.*-]+$/, 'must be a route pattern such as /rules/:page'),
    /** The build the page runs (its manifest's id). */
    build: z.string().regex(/^[0-9a-z][0-9a-z-]{5,63}$/, 'must be a build id'),
    /** The version of every app on the page (the shell, the route's remote). */
    versions: z.partialRecord(appSchema, versionSchema),
    /** Page views since the last beacon. */
    views: z.int().min(0).max(MAX_FIELD_VIEWS),
    errors: z.array(fieldErrorSchema).max(MAX_FIELD_ERRORS),
  })
  .superRefine((report, context) => {
    if (Object.keys(report.versions).length === 0)
      context.addIssue({ code: 'custom', path: ['versions'], message: 'must name at least one app' });
    report.errors.forEach((error, index) => {
      if (report.versions[error.app] !== error.version)
        context.addIssue({
          code: 'custom',
          path: ['errors', index, 'version'],
          message: `must be the version of ${error.app} that versions names`,
        });
    });
  });
export type FieldReport = z.infer<typeof fieldReportSchema>;

export const fieldReportAnswerSchema = z.object({
  /** Page views and errors counted from this beacon (0 when it was outside the sample kept). */
  views: z.int().nonnegative(),
  errors: z.int().nonnegative(),
});

export const fieldHealthQuerySchema = z.object({
  app: appSchema,
  /** Counts from this moment (ms since the epoch), to the minute it falls in; the window the API keeps at most. */
  since: z
    .string({ error: 'is required: a moment in ms since the epoch' })
    .regex(/^\d{1,15}$/, 'must be a moment in ms since the epoch')
    .transform(Number),
});
export type FieldHealthQuery = z.infer<typeof fieldHealthQuerySchema>;

export const versionHealthSchema = z.object({
  views: z.int().nonnegative(),
  errors: z.int().nonnegative(),
});
export type VersionHealth = z.infer<typeof versionHealthSchema>;

export const fieldHealthSchema = z.object({
  app: appSchema,
  /** The moment the counts start from (the minute `since` falls in, or the oldest kept). */
  since: z.int().nonnegative(),
  versions: z.record(z.string(), versionHealthSchema),
});
export type FieldHealth = z.infer<typeof fieldHealthSchema>;
