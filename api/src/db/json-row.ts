import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A table's row as a PL/pgSQL function returns it (`to_jsonb(row)`: column names, timestamps as
 * ISO text), turned into the row drizzle's select gives: field names, and each value mapped by its
 * column (dates, int8 numbers, jsonb) as when read from the driver.
 */
export function fromJsonRow<Table extends PgTable>(
  table: Table,
  json: Record<string, unknown>,
): Table['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as Table['$inferSelect'];
}
