import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A column's bare name, for the column lists and SET clauses of hand-written INSERT and UPDATE statements. */
export const columnName = (column: AnyPgColumn) => sql.identifier(column.name);
