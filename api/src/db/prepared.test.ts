import { DrizzleQueryError, eq, is, sql } from 'drizzle-orm';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { SETUP_TIMEOUT } from '../test/helper';
import { preparedFor } from './prepared';
import { boxModels, figures, series } from './schema';

describe('preparedFor', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  }, SETUP_TIMEOUT);
  afterAll(() => test?.dispose());

  // Every kind of value a flat select maps: int4, int8 in number mode, text, a date string, a
  // timestamp as Date, boolean, an SQL field with mapWith, an SQL field without, and nulls.
  const columns = {
    id: boxModels.id,
    priceMinor: boxModels.priceMinor,
    name: boxModels.name,
    active: boxModels.active,
    createdAt: boxModels.createdAt,
    releasedOn: series.releasedOn,
    lineCount:
      sql<number>`(select count(*) from ${figures} where ${figures.seriesId} = ${series.id})`.mapWith(Number),
    missing: sql<string | null>`null::text`,
    label: sql<string>`upper(${boxModels.slug})`,
  };
  const select = () =>
    test.database.db.select(columns).from(boxModels).innerJoin(series, eq(boxModels.seriesId, series.id));

  it('gives the same rows as drizzle’s own execution, value for value', async () => {
    const byId = preparedFor(test.database.db, 'test_box_models_by_series', (name) =>
      select()
        .where(eq(series.slug, sql.placeholder('series')))
        .orderBy(boxModels.id)
        .prepare(name),
    );
    const [{ slug }] = (await test.database.db
      .select({ slug: series.slug })
      .from(boxModels)
      .innerJoin(series, eq(boxModels.seriesId, series.id))
      .limit(1)) as [{ slug: string }];
    const expected = await select().where(eq(series.slug, slug)).orderBy(boxModels.id);
    const rows = await byId.execute({ series: slug });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(expected);
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
    expect(typeof rows[0]!.priceMinor).toBe('number');
    expect(typeof rows[0]!.lineCount).toBe('number');
    expect(rows[0]!.missing).toBeNull();
    // The mapper is the one in use on PostgreSQL (node-postgres); on PGlite drizzle's own runs.
    expect(Object.hasOwn(byId, 'execute')).toBe(is(byId, NodePgPreparedQuery));
  });

  it('fails as drizzle does: the driver’s error wrapped in DrizzleQueryError, with the statement', async () => {
    const failing = preparedFor(test.database.db, 'test_failing_cast', (name) =>
      test.database.db
        .select({ value: sql<number>`${sql.placeholder('text')}::int` })
        .from(series)
        .limit(1)
        .prepare(name),
    );
    const failure = await failing.execute({ text: 'not a number' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DrizzleQueryError);
    expect((failure as DrizzleQueryError).query).toMatch(/::int/);
    expect(String((failure as Error).cause)).toMatch(/invalid input syntax for type integer/);
  });

  it('builds a statement once per database and key', () => {
    const build = jest.fn((name: string) =>
      test.database.db.select({ id: series.id }).from(series).prepare(name),
    );
    const first = preparedFor(test.database.db, 'test_built_once', build);
    expect(preparedFor(test.database.db, 'test_built_once', build)).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
  });
});
