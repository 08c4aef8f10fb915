/**
 * Rules a visitor sets for chance purchases (mystery boxes): the confirmed age, spending limits with a
 * cool-off on raises, a break, and reminders (docs/architecture/chance-controls.md). Every route here
 * needs a Firebase ID token; the API enforces each rule when a box is ordered (POST /api/orders).
 */
import * as z from 'zod';
import { timestampSchema } from './common';

/** The periods a limit counts over, in the visitor's time zone: a day, a week from Monday, a month. */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** How long a raise of a limit (or its removal) waits before it applies. */
export const LIMIT_COOL_OFF_HOURS = 24;

/** The lengths of a break; a break cannot be shortened, a longer one extends it. */
export const BREAK_LENGTHS = ['24h', '7d', '30d', '6m'] as const;
export type BreakLength = (typeof BREAK_LENGTHS)[number];

/** The highest limit one may set, in minor units (10 000 000.00 of a two-decimal currency). */
export const MAX_LIMIT_MINOR = 1_000_000_000;

/** An IANA time zone name the runtime knows (Europe/Paris, America/New_York, UTC). */
export function isTimeZone(value: string): boolean {
  if (value === 'UTC') return true;
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){1,2}$/.test(value)) return false;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone !== '';
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine(isTimeZone, 'must be an IANA time zone name such as Europe/Paris, America/New_York or UTC');

const limitAmountSchema = z.nullable(z.int().min(0).max(MAX_LIMIT_MINOR));

/** PUT /api/me/limits: every period's limit (null: none). Lower ones apply at once, higher ones after the cool-off. */
export const setLimitsBodySchema = z.object({
  timeZone: timeZoneSchema,
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as USD'),
  day: limitAmountSchema,
  week: limitAmountSchema,
  month: limitAmountSchema,
});
export type SetLimitsBody = z.input<typeof setLimitsBodySchema>;

/** A calendar date YYYY-MM-DD that exists. */
const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, 'must be a date that exists');

/** PUT /api/me/age: the date of birth, confirmed once; only its year and month are kept. */
export const confirmAgeBodySchema = z.object({
  dateOfBirth: calendarDate.refine((text) => {
    const year = Number(text.slice(0, 4));
    return year >= new Date().getUTCFullYear() - 120 && new Date(`${text}T00:00:00Z`) <= new Date();
  }, 'must be a date in the past, within the last 120 years'),
});
export type ConfirmAgeBody = z.input<typeof confirmAgeBodySchema>;

/** POST /api/me/break: how long; the break ends at the later of its current end and now plus this. */
export const takeBreakBodySchema = z.object({ length: z.enum(BREAK_LENGTHS) });
export type TakeBreakBody = z.input<typeof takeBreakBodySchema>;

export const periodLimitSchema = z.object({
  period: z.enum(LIMIT_PERIODS),
  /** The limit applying now, in minor units; null: none. */
  limitMinor: z.nullable(z.int()),
  /** A raise waiting for its cool-off: the amount (null: no limit) and when it applies. */
  pending: z.nullable(z.object({ limitMinor: z.nullable(z.int()), appliesAt: timestampSchema })),
  /** What this period counts so far: box orders placed in it, paid or awaiting payment. */
  spentMinor: z.int(),
  /** Null without a limit. */
  leftMinor: z.nullable(z.int()),
  /** When the period starts again, in the account's time zone. */
  resetsAt: timestampSchema,
});
export type PeriodLimit = z.infer<typeof periodLimitSchema>;

/** GET /api/me/limits: the account's rules for chance purchases, what each period counts, and the reminder. */
export const chanceControlsSchema = z.object({
  age: z.object({
    /** The minimum age for boxes (the site's setting). */
    minAge: z.int(),
    /** The confirmed month of birth, YYYY-MM; null until confirmed. */
    birthMonth: z.nullable(z.string()),
    /** Whether boxes may be bought now by age; false until confirmed. */
    ofAge: z.boolean(),
    /** When an account under the minimum age may buy boxes (the first day of the month after); null otherwise. */
    ofAgeFrom: z.nullable(z.string()),
  }),
  timeZone: z.string(),
  currency: z.string(),
  limits: z.array(periodLimitSchema),
  /** The end of the break; null when none is running. */
  breakUntil: z.nullable(timestampSchema),
  reminder: z.object({
    /** After how many boxes in one session the box page reminds; null: reminders are off. */
    afterBoxes: z.nullable(z.int()),
    /** Box orders of the current session: orders with no more than 30 minutes between two, the last within 30 minutes. */
    sessionBoxes: z.int(),
    sessionStartedAt: z.nullable(timestampSchema),
  }),
});
export type ChanceControls = z.infer<typeof chanceControlsSchema>;
