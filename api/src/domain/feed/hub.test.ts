import pino from 'pino';
import type { Database, Db } from '../../db/connect';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { SETUP_TIMEOUT } from '../../test/helper';
import { figures, users } from '../../db/schema';
import { FeedHub } from './hub';
import { recordFeedEvent } from './record';
import { feedSettingsFrom } from './settings';

describe('the feed hub', () => {
  let test: TestDatabase;
  let userId: number;
  let figureId: number;
  beforeAll(async () => {
    test = await createTestDatabase();
    [{ id: userId }] = (await test.database.db
      .insert(users)
      .values({ firebaseUid: 'feed-hub-test' })
      .returning({ id: users.id })) as [{ id: number }];
    [{ id: figureId }] = (await test.database.db.select({ id: figures.id }).from(figures).limit(1)) as [
      { id: number },
    ];
  }, SETUP_TIMEOUT);
  afterAll(() => test?.dispose());

  /** A hub on the test database whose reads are counted, and the notice callback its LISTEN would get. */
  async function startHub() {
    let reads = 0;
    const db = new Proxy(test.database.db, {
      get(target, property, receiver) {
        if (property === 'select') reads += 1;
        return Reflect.get(target, property, receiver);
      },
    }) as Db;
    let notice: (payload: string) => void = () => undefined;
    const database = {
      listen: async (_channel: string, onNotice: (payload: string) => void) => {
        notice = onNotice;
        return async () => undefined;
      },
    } as unknown as Database;
    const hub = new FeedHub(db, feedSettingsFrom({}), pino({ level: 'silent' }));
    await hub.start(database);
    return { hub, notify: (payload: string) => notice(payload), reads: () => reads };
  }

  const settled = () => new Promise((resolve) => setTimeout(resolve, 50));
  const event = () =>
    recordFeedEvent(test.database.db, { kind: 'pull', userId, figureId, boxName: 'Test box' });

  it('reads no announced event while no client is connected, and reads them once one is', async () => {
    const { hub, notify, reads } = await startHub();
    try {
      const started = reads();
      notify(String(await event()));
      notify(String(await event()));
      await settled();
      // A drop announces an event per draw: with nobody listening, none of them costs a read.
      expect(reads()).toBe(started);

      const admission = hub.admit('203.0.113.1', null);
      if (!('client' in admission)) throw new Error('not admitted');
      notify(String(await event()));
      await settled();
      expect(reads()).toBe(started + 1);
      admission.client.end();
    } finally {
      await hub.close();
    }
  });
});
