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
import {
  FIELD_ERROR_KINDS,
  FIELD_ROUTES,
  FIELD_VITAL_PHASES,
  FIELD_VITALS,
  MAX_FIELD_CLS,
  MAX_FIELD_ERRORS,
  MAX_FIELD_MESSAGE,
  MAX_FIELD_VIEWS,
  MAX_FIELD_VITAL_MS,
  MAX_FIELD_VITALS,
} from '../field';
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

/** An element's tag name, the only part of web-vitals' selector a beacon keeps. */
const targetSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,31}$/, "must be an element's tag name, such as img or button");

const durationVital = <N extends 'LCP' | 'INP' | 'TTFB'>(name: N) =>
  z.object({
    name: z.literal(name),
    /** Milliseconds. */
    value: z.number().min(0).max(MAX_FIELD_VITAL_MS),
    phase: z.enum(FIELD_VITAL_PHASES[name]).optional(),
    target: targetSchema.optional(),
  });

/** One web vital of the page load, with its attribution reduced to a phase and a tag name. */
export const fieldVitalSchema = z.discriminatedUnion(
  'name',
  [
    durationVital('LCP'),
    durationVital('INP'),
    durationVital('TTFB'),
    z.object({
      name: z.literal('CLS'),
      /** The layout shift score (unitless). */
      value: z.number().min(0).max(MAX_FIELD_CLS),
      phase: z.enum(FIELD_VITAL_PHASES.CLS).optional(),
      target: targetSchema.optional(),
    }),
  ],
  { error: `must be one of ${FIELD_VITALS.join(', ')}` },
);
export type FieldVital = z.infer<typeof fieldVitalSchema>;

export const fieldReportSchema = z
  .object({
    /** The route's pattern from the site's route table (`/gallery/series/:style`), never the visited path. */
    route: z
      .string()
      .min(1)
      .max(80)
      .refine((route) => FIELD_ROUTES.has(route), {
        error: "must be a route pattern of the site's route table, such as /gallery/series/:style, or *",
      }),
    /** The build the page runs (its manifest's id). */
    build: z.string().regex(/^[0-9a-z][0-9a-z-]{5,63}$/, 'must be a build id'),
    /** The version of every app on the page (the shell, the route's remote). */
    versions: z.partialRecord(appSchema, versionSchema),
    /** Page views since the last beacon. */
    views: z.int().min(0).max(MAX_FIELD_VIEWS),
    errors: z.array(fieldErrorSchema).max(MAX_FIELD_ERRORS),
    /** The page load's web vitals measured since the last beacon, each metric at most once. */
    vitals: z.array(fieldVitalSchema).max(MAX_FIELD_VITALS).optional(),
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
    const seen = new Set<string>();
    report.vitals?.forEach((vital, index) => {
      if (seen.has(vital.name))
        context.addIssue({
          code: 'custom',
          path: ['vitals', index, 'name'],
          message: `must not repeat ${vital.name}: a page load has one`,
        });
      seen.add(vital.name);
    });
  });
export type FieldReport = z.infer<typeof fieldReportSchema>;

export const fieldReportAnswerSchema = z.object({
  /** Page views, errors and vitals counted from this beacon. */
  views: z.int().nonnegative(),
  errors: z.int().nonnegative(),
  vitals: z.int().nonnegative(),
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

/** A vital of one version: how many page loads measured it, and its 75th percentile (ms, or the CLS score). */
export const vitalHealthSchema = z.object({
  count: z.int().nonnegative(),
  /** Estimated from the histogram: linear within the bucket the 75th percentile falls in. */
  p75: z.number().nonnegative(),
  /** The share of page loads with a "good" value (at most the metric's good threshold). */
  good: z.number().min(0).max(1),
});
export type VitalHealth = z.infer<typeof vitalHealthSchema>;

export const versionHealthSchema = z.object({
  views: z.int().nonnegative(),
  errors: z.int().nonnegative(),
  /** The vitals measured on this version's pages (an API before web vitals leaves it out). */
  vitals: z.partialRecord(z.enum(FIELD_VITALS), vitalHealthSchema).optional(),
});
export type VersionHealth = z.infer<typeof versionHealthSchema>;

export const fieldHealthSchema = z.object({
  app: appSchema,
  /** The moment the counts start from (the minute `since` falls in, or the oldest kept). */
  since: z.int().nonnegative(),
  versions: z.record(z.string(), versionHealthSchema),
});
export type FieldHealth = z.infer<typeof fieldHealthSchema>;
