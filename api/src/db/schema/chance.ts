/**
 * What an account decided about chance purchases (mystery boxes): its confirmed month of birth, its
 * spending limits and its break (docs/architecture/chance-controls.md). One row per account, written
 * under the lock on the account's user row that box orders take (arttoy_order_chance_box), so an
 * order and a change of these are decided one after the other.
 */
import { sql } from 'drizzle-orm';
import { check, date, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { int8Id, minorUnits, moment } from './columns';

export const chanceControls = pgTable(
  'chance_controls',
  {
    userId: int8Id('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The month of birth the visitor confirmed (its first day), never the day: the age rule counts a
     * visitor of age from the first day of the month after their birthday month, so the day is not
     * needed (at most a month later than the birthday itself, in any time zone). Set once.
     */
    birthMonth: date('birth_month', { mode: 'string' }),
    /** The IANA time zone the limits' days, weeks (from Monday) and months are counted in. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** The currency the limits are in (ISO 4217); orders in another currency are refused while a limit is set. */
    currency: text('currency').notNull().default('USD'),
    /** Each period's limit in minor units (null: none), and a raise waiting for its cool-off (`*_next_*`). */
    dayMinor: minorUnits('day_minor'),
    weekMinor: minorUnits('week_minor'),
    monthMinor: minorUnits('month_minor'),
    dayNextMinor: minorUnits('day_next_minor'),
    weekNextMinor: minorUnits('week_next_minor'),
    monthNextMinor: minorUnits('month_next_minor'),
    /** When the raise applies; null: none waiting. A raise to no limit has a time and a null amount. */
    dayNextAt: moment('day_next_at'),
    weekNextAt: moment('week_next_at'),
    monthNextAt: moment('month_next_at'),
    /** No box orders before this moment (a break); never moved earlier by the API. */
    breakUntil: moment('break_until'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('chance_controls_birth_month', sql`extract(day from ${t.birthMonth}) = 1`),
    check(
      'chance_controls_amounts',
      sql`coalesce(${t.dayMinor}, 0) >= 0 and coalesce(${t.weekMinor}, 0) >= 0 and coalesce(${t.monthMinor}, 0) >= 0
        and coalesce(${t.dayNextMinor}, 0) >= 0 and coalesce(${t.weekNextMinor}, 0) >= 0 and coalesce(${t.monthNextMinor}, 0) >= 0`,
    ),
  ],
);
