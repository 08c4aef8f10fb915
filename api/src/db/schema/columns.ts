/** Column helpers shared by the tables. */
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, timestamp } from 'drizzle-orm/pg-core';

/**
 * Money in integer minor units (cents). int8 in the database; drizzle's number mode turns both
 * PGlite's number and pg's string into a JS number (safe up to 2^53, far above any order).
 */
export const minorUnits = (name: string) => bigint(name, { mode: 'number' });

/**
 * The id of a table that grows with traffic (users, orders, payments, draws, …): int8, so no
 * sequence runs out (an int4 one ends at 2,147,483,647, and with it every insert). Read as a JS
 * number on both engines (exact up to 2^53): drizzle's number mode here, and pg's int8 parser for
 * raw SQL (db/connect.ts). Catalogue tables, which grow by hand, keep int4 ids.
 */
export const int8Identity = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** A column holding an int8 id (a reference to a table with int8Identity). */
export const int8Id = (name: string) => bigint(name, { mode: 'number' });

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** A nullable moment, set when a row reaches a state. */
export const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `column IN ('a', 'b')`: the legal values of a text column, from the same constant the API validates with. */
export function inList(column: AnyPgColumn, values: readonly string[]): SQL {
  const quoted = values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');
  return sql`${column} IN (${sql.raw(quoted)})`;
}
