/**
 * An account's rules for chance purchases (table chance_controls; docs/architecture/chance-controls.md):
 * read with what each period counts, and changed. Every change takes the lock on the account's user
 * row that box orders take (arttoy_order_chance_box), so an order and a change are decided one after
 * the other: an order placed while a limit is lowered counts under the old limit or the new one,
 * never between. The orders themselves are refused in the database; `chanceRefusal` only words it.
 */
import { eq, sql } from 'drizzle-orm';
import {
  type BreakLength,
  type ChanceControls,
  LIMIT_COOL_OFF_HOURS,
  LIMIT_PERIODS,
  type LimitPeriod,
  type PeriodLimit,
  type SetLimitsBody,
} from '@arttoy/shared/contracts/api';
import { type Db, rowsOf } from '../../db/connect';
import { chanceControls } from '../../db/schema';
import { type ApiError, apiError } from '../../errors';
import type { ChanceRules } from './rules';

/** What the database answers for an order the account's rules refuse (arttoy_order_chance_box). */
export const CHANCE_REFUSALS = [
  'age_unconfirmed',
  'under_age',
  'on_break',
  'limit_currency',
  'limit_day',
  'limit_week',
  'limit_month',
] as const;
export type ChanceRefusal = (typeof CHANCE_REFUSALS)[number];

export const isChanceRefusal = (value: unknown): value is ChanceRefusal =>
  (CHANCE_REFUSALS as readonly unknown[]).includes(value);

/** A session of box orders: orders no more than this apart, the last no longer ago than this. */
export const SESSION_GAP_MINUTES = 30;

const BREAK_INTERVALS: Record<BreakLength, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  '6m': '6 months',
};

type ControlsRow = typeof chanceControls.$inferSelect;

/** The first day on which an account born in `birthMonth` (YYYY-MM-01) is `minAge`: the month after its birthday month. */
export function ofAgeFrom(birthMonth: string, minAge: number): string {
  const year = Number(birthMonth.slice(0, 4)) + minAge;
  const month = Number(birthMonth.slice(5, 7)) + 1;
  return month > 12 ? `${year + 1}-01-01` : `${year}-${String(month).padStart(2, '0')}-01`;
}

function isOfAge(birthMonth: string, minAge: number, now: Date): boolean {
  return minAge === 0 || now.toISOString().slice(0, 10) >= ofAgeFrom(birthMonth, minAge);
}

const iso = (value: Date | string) => new Date(value).toISOString();

function periodColumns(row: ControlsRow | undefined, period: LimitPeriod) {
  if (!row) return { current: null, next: null, nextAt: null };
  const columns = {
    day: [row.dayMinor, row.dayNextMinor, row.dayNextAt],
    week: [row.weekMinor, row.weekNextMinor, row.weekNextAt],
    month: [row.monthMinor, row.monthNextMinor, row.monthNextAt],
  } as const;
  const [current, next, nextAt] = columns[period];
  return { current, next, nextAt };
}

/** The limit applying at `now`, and a raise still waiting for its cool-off. */
function limitAt(row: ControlsRow | undefined, period: LimitPeriod, now: Date) {
  const { current, next, nextAt } = periodColumns(row, period);
  if (nextAt && nextAt <= now) return { limit: next, pending: null };
  return { limit: current, pending: nextAt ? { limitMinor: next, appliesAt: iso(nextAt) } : null };
}

interface PeriodRow {
  period: LimitPeriod;
  spent: string | number;
  resetsAt: string | Date;
}

async function readRow(db: Db, userId: number): Promise<{ row: ControlsRow | undefined; now: Date }> {
  const [row] = await db.select().from(chanceControls).where(eq(chanceControls.userId, userId));
  const [clock] = rowsOf<{ now: string | Date }>(await db.execute(sql`select now() as now`));
  return { row, now: new Date(clock?.now ?? Date.now()) };
}

/** What each period counts (box orders placed in it, paid or awaiting payment) and when it starts again. */
async function periodsOf(db: Db, userId: number, timeZone: string, currency: string): Promise<PeriodRow[]> {
  return rowsOf<PeriodRow>(
    await db.execute(sql`
      select p.period,
        (select coalesce(sum(o.total_minor), 0) from orders o
          where o.user_id = ${userId} and o.kind = 'box' and o.currency = ${currency}
            and o.status in ('pending_payment', 'paid', 'fulfilled')
            and o.created_at >= date_trunc(p.period, now() at time zone ${timeZone}) at time zone ${timeZone}) as spent,
        (date_trunc(p.period, now() at time zone ${timeZone}) + ('1 ' || p.period)::interval) at time zone ${timeZone} as "resetsAt"
      from (values ('day'), ('week'), ('month')) as p(period)`),
  );
}

/** The box orders of the current session (SESSION_GAP_MINUTES), newest first, within the last day. */
async function sessionOf(db: Db, userId: number, now: Date) {
  const rows = rowsOf<{ createdAt: string | Date }>(
    await db.execute(sql`select created_at as "createdAt" from orders
      where user_id = ${userId} and kind = 'box' and created_at > now() - interval '1 day'
      order by created_at desc limit 1000`),
  );
  const gap = SESSION_GAP_MINUTES * 60_000;
  let previous = now.getTime();
  let count = 0;
  let startedAt: string | null = null;
  for (const { createdAt } of rows) {
    const at = new Date(createdAt).getTime();
    if (previous - at > gap) break;
    count += 1;
    startedAt = iso(createdAt);
    previous = at;
  }
  return { sessionBoxes: count, sessionStartedAt: startedAt };
}

export async function readChanceControls(
  db: Db,
  userId: number,
  rules: ChanceRules,
): Promise<ChanceControls> {
  const { row, now } = await readRow(db, userId);
  const timeZone = row?.timeZone ?? 'UTC';
  const currency = row?.currency ?? 'USD';
  const periods = await periodsOf(db, userId, timeZone, currency);
  const limits = LIMIT_PERIODS.map((period): PeriodLimit => {
    const counted = periods.find((entry) => entry.period === period);
    const spentMinor = Number(counted?.spent ?? 0);
    const { limit, pending } = limitAt(row, period, now);
    return {
      period,
      limitMinor: limit,
      pending,
      spentMinor,
      leftMinor: limit === null ? null : Math.max(limit - spentMinor, 0),
      resetsAt: iso(counted?.resetsAt ?? now),
    };
  });
  const birthMonth = row?.birthMonth ?? null;
  const ofAge = birthMonth !== null && isOfAge(birthMonth, rules.minAgeBoxes, now);
  return {
    age: {
      minAge: rules.minAgeBoxes,
      birthMonth: birthMonth?.slice(0, 7) ?? null,
      ofAge,
      ofAgeFrom: birthMonth !== null && !ofAge ? ofAgeFrom(birthMonth, rules.minAgeBoxes) : null,
    },
    timeZone,
    currency,
    limits,
    breakUntil: row?.breakUntil && row.breakUntil > now ? iso(row.breakUntil) : null,
    reminder: { afterBoxes: rules.reminderAfterBoxes, ...(await sessionOf(db, userId, now)) },
  };
}

/** Takes the lock box orders take on the account's user row, and makes sure the account has a row of rules. */
async function lockAccount(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`select 1 from users where id = ${userId} for no key update`);
  await tx.insert(chanceControls).values({ userId }).onConflictDoNothing();
}

/** Keeps the month of the date of birth, once: a second confirmation is refused with the month kept. */
export async function confirmAge(db: Db, userId: number, dateOfBirth: string): Promise<void> {
  const birthMonth = `${dateOfBirth.slice(0, 7)}-01`;
  const set = await db
    .insert(chanceControls)
    .values({ userId, birthMonth })
    .onConflictDoUpdate({
      target: chanceControls.userId,
      set: { birthMonth, updatedAt: sql`now()` },
      setWhere: sql`${chanceControls.birthMonth} is null`,
    })
    .returning({ birthMonth: chanceControls.birthMonth });
  if (set.length > 0) return;
  const { row } = await readRow(db, userId);
  throw apiError('age_already_confirmed', { birthMonth: row?.birthMonth?.slice(0, 7) ?? '' });
}

/**
 * Sets the three limits: a lower one (or the same) applies at once and drops a raise waiting; a
 * higher one, or none where there was one, waits LIMIT_COOL_OFF_HOURS (a raise already waiting for
 * the same amount keeps its time). The time zone applies at once.
 */
export async function setLimits(db: Db, userId: number, body: SetLimitsBody): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const { row, now } = await readRow(tx, userId);
    const coolOffEnds = new Date(now.getTime() + LIMIT_COOL_OFF_HOURS * 3_600_000);
    const update: Partial<ControlsRow> = { timeZone: body.timeZone, currency: body.currency };
    let anyLimit = false;
    for (const period of LIMIT_PERIODS) {
      const { limit, pending } = limitAt(row, period, now);
      anyLimit ||= limit !== null || pending !== null;
      const wanted = body[period];
      let next: { current: number | null; next: number | null; nextAt: Date | null };
      if (wanted === limit || (wanted !== null && (limit === null || wanted < limit))) {
        next = { current: wanted, next: null, nextAt: null };
      } else if (pending && pending.limitMinor === wanted) {
        next = { current: limit, next: wanted, nextAt: new Date(pending.appliesAt) };
      } else {
        next = { current: limit, next: wanted, nextAt: coolOffEnds };
      }
      Object.assign(update, {
        [`${period}Minor`]: next.current,
        [`${period}NextMinor`]: next.next,
        [`${period}NextAt`]: next.nextAt,
      });
    }
    if (anyLimit && row && row.currency !== body.currency)
      throw apiError('limit_currency_change', { currency: row.currency });
    await tx
      .update(chanceControls)
      .set({ ...update, updatedAt: sql`now()` })
      .where(eq(chanceControls.userId, userId));
  });
}

/**
 * Starts a break, or makes the running one longer (never shorter), and cancels the account's box
 * orders awaiting payment with no capture started: no box is bought during a break.
 */
export async function takeBreak(db: Db, userId: number, length: BreakLength): Promise<number> {
  const interval = sql.raw(`interval '${BREAK_INTERVALS[length]}'`);
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    await tx
      .update(chanceControls)
      .set({
        breakUntil: sql`greatest(coalesce(${chanceControls.breakUntil}, now()), now() + ${interval})`,
        updatedAt: sql`now()`,
      })
      .where(eq(chanceControls.userId, userId));
    const cancelled = rowsOf<{ id: number }>(
      await tx.execute(sql`update orders set status = 'cancelled', cancelled_at = now(), updated_at = now()
        where user_id = ${userId} and kind = 'box' and status = 'pending_payment' and capture_started_at is null
        returning id`),
    );
    return cancelled.length;
  });
}

/** The buyer's answer for an order the database refused by the account's rules. */
export async function chanceRefusal(
  db: Db,
  userId: number,
  refused: ChanceRefusal,
  rules: ChanceRules,
  box: { priceMinor: number; currency: string },
): Promise<ApiError> {
  const controls = await readChanceControls(db, userId, rules);
  if (refused === 'age_unconfirmed') return apiError('age_unconfirmed', { minAge: rules.minAgeBoxes });
  if (refused === 'under_age')
    return apiError('under_age', { minAge: rules.minAgeBoxes, ofAgeFrom: controls.age.ofAgeFrom ?? '' });
  if (refused === 'on_break') return apiError('on_break', { breakUntil: controls.breakUntil ?? '' });
  if (refused === 'limit_currency')
    return apiError('spending_limit_currency', { limitCurrency: controls.currency, currency: box.currency });
  const period = refused.slice('limit_'.length) as LimitPeriod;
  const counted = controls.limits.find((entry) => entry.period === period);
  return apiError('spending_limit', {
    period,
    limitMinor: counted?.limitMinor ?? 0,
    spentMinor: counted?.spentMinor ?? 0,
    leftMinor: counted?.leftMinor ?? 0,
    priceMinor: box.priceMinor,
    currency: box.currency,
    resetsAt: counted?.resetsAt ?? '',
  });
}

/** Listings of known figures ask for an age only when MIN_AGE_LISTINGS is above 0. */
export async function requireListingAge(db: Db, userId: number, rules: ChanceRules): Promise<void> {
  if (rules.minAgeListings === 0 || rules.assumeOfAge) return;
  const { row, now } = await readRow(db, userId);
  const birthMonth = row?.birthMonth ?? null;
  if (birthMonth === null) throw apiError('age_unconfirmed', { minAge: rules.minAgeListings });
  if (!isOfAge(birthMonth, rules.minAgeListings, now))
    throw apiError('under_age', {
      minAge: rules.minAgeListings,
      ofAgeFrom: ofAgeFrom(birthMonth, rules.minAgeListings),
    });
}
