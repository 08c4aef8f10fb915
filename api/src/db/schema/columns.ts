/** Column helpers shared by the tables. */
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, timestamp } from 'drizzle-orm/pg-core';

/**
 * Money in integer minor units (cents). int8 in the database; drizzle's number mode turns both
 * PGlite's number and pg's string into a JS number (safe up to 2^53, far above any order).
 */
export const minorUnits = (name: string) => bigint(name, { mode: 'number' });

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** A nullable moment, set when a row reaches a state. */
export const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `column IN ('a', 'b')`: the legal values of a text column, from the same constant the API validates with. */
export function inList(column: AnyPgColumn, values: readonly string[]): SQL {
  const quoted = values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');
  return sql`${column} IN (${sql.raw(quoted)})`;
}
