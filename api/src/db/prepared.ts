/**
 * Statements built once per database and query shape. Building a query with drizzle costs more
 * CPU than the query itself on a catalogue read (`npm run bench:profile -w api` shows it); a
 * prepared query is built once, and on PostgreSQL its name makes each pooled connection parse and
 * plan it once, not per request.
 * The key names the shape (which filters, which order): the values always travel as parameters.
 *
 * On PostgreSQL the rows of a flat select (every selected field a top-level key) are mapped by a
 * mapper worked out once per statement. drizzle's own `execute` works out, for every column of
 * every row, which kind of field it is and where its value goes; on a page of figures that costs
 * more CPU than pg's own work for the query (`npm run bench:profile -w api`). The mapper gives the
 * same objects (each value through its column's decoder, null kept null) and the same errors
 * (the driver's, wrapped in DrizzleQueryError). Anything else runs drizzle's `execute`.
 */
import { Column, DrizzleQueryError, is, SQL } from 'drizzle-orm';
import { fillPlaceholders } from 'drizzle-orm/sql/sql';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import type { Db } from './connect';

const byDatabase = new WeakMap<Db, Map<string, unknown>>();

export function preparedFor<Prepared extends object>(
  db: Db,
  key: string,
  build: (name: string) => Prepared,
): Prepared {
  let statements = byDatabase.get(db);
  if (!statements) byDatabase.set(db, (statements = new Map()));
  let statement = statements.get(key) as Prepared | undefined;
  if (!statement) statements.set(key, (statement = withCompiledRows(build(key))));
  return statement;
}

/** What a value of a selected field goes through on its way out (drizzle's `mapResultRow` picks it the same way). */
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The parts of drizzle's node-postgres prepared query the mapper reads (its fields are private in the types). */
interface NodePgInternals {
  client: { query(config: object, params: unknown[]): Promise<{ rows: unknown[][] }> };
  params: unknown[];
  queryConfig: { text: string };
  fields?: Array<{ path: string[]; field: unknown }>;
  customResultMapper?: unknown;
  logger: { logQuery(query: string, params: unknown[]): void };
}

function decoderOf(field: unknown): Decoder | null {
  if (is(field, Column)) return field;
  // An SQL field's decoder (its mapWith) is internal in drizzle's types.
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL.Aliased)) return (field.sql as unknown as { decoder: Decoder }).decoder;
  return null;
}

/** `prepared` with an `execute` that maps rows with a mapper made here, when it is a flat select on node-postgres. */
function withCompiledRows<Prepared extends object>(prepared: Prepared): Prepared {
  if (!is(prepared, NodePgPreparedQuery)) return prepared;
  const query = prepared as unknown as NodePgInternals;
  // Internals a drizzle upgrade may rename: without them, drizzle's own execute runs.
  if (
    typeof query.client?.query !== 'function' ||
    typeof query.queryConfig?.text !== 'string' ||
    !Array.isArray(query.params)
  )
    return prepared;
  const fields = query.fields;
  if (!fields || query.customResultMapper || fields.some(({ path }) => path.length !== 1)) return prepared;
  const keys = fields.map(({ path }) => path[0]!);
  const decoders = fields.map(({ field }) => decoderOf(field));
  if (decoders.some((decoder) => decoder === null)) return prepared;
  const mapRow = (row: unknown[]): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    for (let index = 0; index < keys.length; index += 1) {
      const value = row[index];
      result[keys[index]!] = value === null ? null : decoders[index]!.mapFromDriverValue(value);
    }
    return result;
  };
  const execute = async (placeholderValues: Record<string, unknown> = {}) => {
    const params = fillPlaceholders(query.params, placeholderValues);
    query.logger.logQuery(query.queryConfig.text, params);
    let rows: unknown[][];
    try {
      ({ rows } = await query.client.query(query.queryConfig, params));
    } catch (error) {
      throw new DrizzleQueryError(query.queryConfig.text, params, error as Error);
    }
    return rows.map(mapRow);
  };
  return Object.assign(prepared, { execute });
}
