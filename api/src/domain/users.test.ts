/** A signed-in request reads its user; it writes only the first time (or when the provider's details change). */
import { eq, sql } from 'drizzle-orm';
import { users } from '../db/schema';
import { signInTestUser } from '../test/auth-emulator';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../test/helper';
import { bearer } from '../test/purchase';
import { userOf } from './users';

describe('the user of a signed-in request', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await buildTestApi();
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  /** The row's version: PostgreSQL gives every written row version a new xmin. */
  const rowVersion = async (uid: string) =>
    (
      await api.db
        .select({ xmin: sql<string>`xmin::text` })
        .from(users)
        .where(eq(users.firebaseUid, uid))
    )[0]?.xmin;

  it('is created once, then read without writing and without using up ids', async () => {
    const first = await signInTestUser('reader');
    expect((await api.app.inject({ url: '/api/me', headers: bearer(first) })).statusCode).toBe(200);
    const version = await rowVersion(first.uid);
    for (let index = 0; index < 5; index += 1)
      expect((await api.app.inject({ url: '/api/me', headers: bearer(first) })).statusCode).toBe(200);
    expect(await rowVersion(first.uid)).toBe(version);

    const second = await signInTestUser('next-reader');
    await api.app.inject({ url: '/api/me', headers: bearer(second) });
    const ids = await api.db
      .select({ uid: users.firebaseUid, id: users.id })
      .from(users)
      .where(sql`${users.firebaseUid} in (${first.uid}, ${second.uid})`);
    const idOf = (uid: string) => ids.find((row) => row.uid === uid)?.id ?? 0;
    expect(idOf(second.uid)).toBe(idOf(first.uid) + 1);
  });

  it('takes a changed e-mail or name from the token, and keeps a name the token leaves out', async () => {
    const uid = `direct-${Date.now()}`;
    const created = await userOf(api.db, { uid, email: 'a@example.test', displayName: 'Ada' });
    const renamed = await userOf(api.db, { uid, email: 'b@example.test', displayName: null });
    expect(renamed).toMatchObject({ id: created.id, email: 'b@example.test', displayName: 'Ada' });
    const [row] = await api.db
      .select({ email: users.email, displayName: users.displayName })
      .from(users)
      .where(eq(users.firebaseUid, uid));
    expect(row).toEqual({ email: 'b@example.test', displayName: 'Ada' });
  });

  it('creates one row for many first requests at once', async () => {
    const uid = `burst-${Date.now()}`;
    const rows = await Promise.all(
      Array.from({ length: 8 }, () => userOf(api.db, { uid, email: null, displayName: null })),
    );
    expect(new Set(rows.map((row) => row.id)).size).toBe(1);
    expect(await api.db.select({ id: users.id }).from(users).where(eq(users.firebaseUid, uid))).toHaveLength(
      1,
    );
  });
});
