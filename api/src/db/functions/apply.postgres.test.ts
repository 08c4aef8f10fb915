/** Several API instances starting at once apply a changed function file once (PostgreSQL only). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../connect';
import { migrateDatabase } from '../migrate';
import { bodyOf, changedCopy, fileBody } from '../../test/function-files';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';

jest.setTimeout(60_000);

describe('function files applied by instances starting at once', () => {
  let test: TestDatabase;
  let scratch: string;

  beforeAll(async () => {
    test = await createTestDatabase();
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-functions-'));
  });

  afterAll(async () => {
    await test?.dispose();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('applies a changed file once', async () => {
    const { changed } = changedCopy(path.join(scratch, 'raced'));
    const { database } = test;
    const other = await openDatabase({ engine: 'postgres', url: test.url });
    try {
      const runs = await Promise.all([
        migrateDatabase(database, path.join(scratch, 'raced')),
        migrateDatabase(other, path.join(scratch, 'raced')),
      ]);
      expect(runs.flat()).toEqual(['arttoy_boxes_held']);
      expect(await bodyOf(database.db, 'arttoy_boxes_held')).toEqual([fileBody(changed)]);
    } finally {
      await other.close();
    }
    expect(await migrateDatabase(database)).toEqual(['arttoy_boxes_held']);
  });
});
