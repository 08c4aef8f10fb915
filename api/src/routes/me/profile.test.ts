import { HANDLE_RESERVED_MESSAGE, type Me, type SavedPaymentMethod } from '@arttoy/shared/contracts/api';
import { eq } from 'drizzle-orm';
import { handleReservations, paymentMethods, users } from '../../db/schema';
import { violatesUnique } from '../../db/unique-violation';
import { signInTestUsers, type TestUser } from '../../test/auth-emulator';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import { bearer, buyBox, orderBox, seedBoxId, startPayment } from '../../test/purchase';

describe('the profile: PUT /api/me/handle, GET and DELETE /api/me/payment-methods', () => {
  let api: TestApi;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  const run = Date.now().toString(36).slice(-6);

  beforeAll(async () => {
    api = await buildTestApi({ orderSweepIntervalMs: 0 });
    [alice, bob, carol] = await signInTestUsers('profile', run, ['alice', 'bob', 'carol']);
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  const me = (user: TestUser) => api.app.inject({ method: 'GET', url: '/api/me', headers: bearer(user) });
  const putHandle = (user: TestUser | undefined, payload: unknown) =>
    api.app.inject({
      method: 'PUT',
      url: '/api/me/handle',
      headers: bearer(user),
      payload: payload as object,
    });
  const methods = (user: TestUser) =>
    api.app.inject({ method: 'GET', url: '/api/me/payment-methods', headers: bearer(user) });
  const remove = (user: TestUser | undefined, id: number | string) =>
    api.app.inject({ method: 'DELETE', url: `/api/me/payment-methods/${id}`, headers: bearer(user) });

  async function saveMethod(user: TestUser, label: string): Promise<number> {
    const { id } = (await me(user)).json<Me>();
    const [row] = await api.db
      .insert(paymentMethods)
      .values({
        userId: id,
        provider: 'sandbox',
        vaultToken: `SBXV-${label}-${run}-${Math.random().toString(36).slice(2)}`,
        label,
      })
      .returning({ id: paymentMethods.id });
    return row!.id;
  }

  it('has no handle at first, and sets one: lower-cased, trimmed, shown by GET /api/me', async () => {
    expect((await me(alice)).json<Me>().handle).toBeNull();
    const response = await putHandle(alice, { handle: `  Night_Owl_${run.slice(0, 4)} ` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const handle = `night_owl_${run.slice(0, 4)}`;
    expect(response.json<Me>()).toMatchObject({ uid: alice.uid, handle });
    expect((await me(alice)).json<Me>().handle).toBe(handle);
    // Setting the same handle again is no conflict with oneself.
    expect((await putHandle(alice, { handle })).statusCode).toBe(200);
  });

  const userIdOf = async (user: TestUser) => (await me(user)).json<Me>().id;
  /** As if the user's handle had been chosen 31 days ago: the wait is over. */
  const waitOver = async (user: TestUser) =>
    api.db
      .update(users)
      .set({ handleChangedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(users.id, await userIdOf(user)));
  const forget = async (...people: TestUser[]) => {
    for (const user of people) {
      const id = await userIdOf(user);
      await api.db.update(users).set({ handle: null, handleChangedAt: null }).where(eq(users.id, id));
      await api.db.delete(handleReservations).where(eq(handleReservations.userId, id));
    }
  };

  it('changes a handle at most once every 30 days, counting from the first choice', async () => {
    const first = `first_${run}`;
    expect((await putHandle(bob, { handle: first })).statusCode).toBe(200);
    // Right after the first choice: the wait has started, so the handle cannot be swapped away.
    const second = await putHandle(bob, { handle: `second_${run}` });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      details: { reason: 'handle_changed_recently' },
      message: expect.stringMatching(
        /once every 30 days, so the next change is possible from \d{4}-\d{2}-\d{2}/,
      ),
    });
    expect((await me(bob)).json<Me>().handle).toBe(first);
    // The same handle again is no change; and once the wait is over, it can change again.
    expect((await putHandle(bob, { handle: first })).statusCode).toBe(200);
    await waitOver(bob);
    expect((await putHandle(bob, { handle: `second_${run}` })).statusCode).toBe(200);
    expect((await putHandle(bob, { handle: `third_${run}` })).json().error).toMatchObject({
      details: { reason: 'handle_changed_recently' },
    });
    await forget(bob);
  });

  it('keeps a handle given up for its last owner for 30 days: others get 409 handle_reserved, the owner takes it back', async () => {
    const old = `kept_${run}`;
    const next = `moved_${run}`;
    expect((await putHandle(bob, { handle: old })).statusCode).toBe(200);
    await waitOver(bob);
    expect((await putHandle(bob, { handle: next })).statusCode).toBe(200);

    const refused = await putHandle(carol, { handle: old.toUpperCase() });
    expect(refused.statusCode).toBe(409);
    const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(refused.json().error).toMatchObject({
      code: 'conflict',
      message: `The handle "${old}" was given up by its owner recently and is kept for them until ${until}: choose another one.`,
      details: { reason: 'handle_reserved', reservedUntil: expect.stringMatching(new RegExp(`^${until}`)) },
    });
    expect((await me(carol)).json<Me>().handle).toBeNull();

    // Its owner takes it back at once (no new name, no wait); the handle they leave is kept for them in turn.
    expect((await putHandle(bob, { handle: old })).statusCode).toBe(200);
    expect((await putHandle(carol, { handle: next })).json().error).toMatchObject({
      details: { reason: 'handle_reserved' },
    });
    // Once its time is over, anyone may choose it.
    await api.db
      .update(handleReservations)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(handleReservations.handle, next));
    expect((await putHandle(carol, { handle: next })).statusCode).toBe(200);
    await forget(bob, carol);
  });

  it('gives a handle claimed by two users at once to one of them', async () => {
    const handle = `race_${run}`;
    const answers = await Promise.all([putHandle(bob, { handle }), putHandle(carol, { handle })]);
    expect(answers.map((answer) => answer.statusCode).toSorted()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().error.details).toEqual({
      reason: 'handle_taken',
    });
    const holders = [(await me(bob)).json<Me>().handle, (await me(carol)).json<Me>().handle];
    expect(holders.filter((held) => held === handle)).toHaveLength(1);
    await forget(bob, carol);
  });

  it('never lets a handle given up go to someone claiming it at the same moment', async () => {
    const old = `swap_${run}`;
    expect((await putHandle(bob, { handle: old })).statusCode).toBe(200);
    await waitOver(bob);
    const [change, claim] = await Promise.all([
      putHandle(bob, { handle: `after_${run}` }),
      putHandle(carol, { handle: old }),
    ]);
    expect(change.statusCode).toBe(200);
    // Before the change commits it is taken, after it is kept for bob: either way not carol's.
    expect(claim.statusCode).toBe(409);
    expect(['handle_taken', 'handle_reserved']).toContain(claim.json().error.details.reason);
    expect((await me(carol)).json<Me>().handle).toBeNull();
    await forget(bob, carol);
  });

  it.each([
    ['admin'],
    ['Adm1n'],
    ['Off1cial_'],
    ['arttoy_support'],
    ['the_arttoyclub'],
    ['supp0rt_desk'],
    ['aaddmmiinn'],
    ['s_t_a_f_f'],
    ['m0derat0r'],
    ['help'],
    ['r00t'],
  ])('refuses %s, a name the shop keeps or a look-alike of one, with 400 saying so', async (handle) => {
    const response = await putHandle(bob, { handle });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_request');
    expect(response.json().error.message).toContain(`handle: ${HANDLE_RESERVED_MESSAGE}`);
  });

  it('takes ordinary names that merely contain a short reserved word', async () => {
    expect((await putHandle(bob, { handle: `helpful_${run}` })).statusCode).toBe(200);
    await forget(bob);
  });

  it("refuses another user's handle with 409, whatever its case", async () => {
    const handle = `taken_${run}`;
    expect((await putHandle(carol, { handle })).statusCode).toBe(200);
    const response = await putHandle(bob, { handle: handle.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'conflict',
      message: `The handle "${handle}" is taken: choose another one.`,
      details: { reason: 'handle_taken' },
    });
    expect((await me(bob)).json<Me>().handle).toBeNull();
  });

  it.each([
    ['too short', 'ab'],
    ['too long', 'a'.repeat(21)],
    ['a space', 'night owl'],
    ['a dash', 'night-owl'],
    ['a letter outside a-z', 'nöel_1'],
  ])('refuses a handle with %s with 400 saying what a handle is', async (_what, handle) => {
    const response = await putHandle(bob, { handle });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_request');
    expect(response.json().error.message).toContain(
      'handle: must be 3 to 20 characters, each a letter a-z, a digit or _',
    );
  });

  it('refuses a body without a handle (400) and a visitor without a token (401)', async () => {
    expect((await putHandle(bob, {})).statusCode).toBe(400);
    expect((await putHandle(undefined, { handle: 'someone' })).statusCode).toBe(401);
  });

  it('keeps handles unique in the database too (the constraint behind the 409)', async () => {
    const handle = `direct_${run}`;
    await api.db.update(users).set({ handle }).where(eq(users.firebaseUid, alice.uid));
    const failure = (statement: PromiseLike<unknown>) =>
      Promise.resolve(statement).then(
        () => 'no error',
        (error: unknown) => error,
      );
    expect(
      violatesUnique(
        await failure(api.db.update(users).set({ handle }).where(eq(users.firebaseUid, bob.uid))),
        'users_handle_unique',
      ),
    ).toBe(true);
    const refused = await failure(
      api.db.update(users).set({ handle: 'UPPER_case' }).where(eq(users.firebaseUid, bob.uid)),
    );
    const messages: string[] = [];
    for (let cause: unknown = refused; cause instanceof Error; cause = cause.cause)
      messages.push(cause.message);
    expect(messages.join(' | ')).toContain('users_handle_format');
  });

  it('lists saved methods with their ids and removes one of mine, answering the ones left', async () => {
    const older = await saveMethod(alice, 'Sandbox test account');
    const newer = await saveMethod(alice, 'Sandbox test account 2');
    const listed = (await methods(alice))
      .json<{ items: SavedPaymentMethod[] }>()
      .items.map((item) => item.id);
    expect(listed).toEqual(expect.arrayContaining([older, newer]));
    const response = await remove(alice, older);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const left = response.json<{ items: SavedPaymentMethod[] }>().items.map((item) => item.id);
    expect(left).toContain(newer);
    expect(left).not.toContain(older);
    expect(
      (await methods(alice)).json<{ items: SavedPaymentMethod[] }>().items.map((item) => item.id),
    ).toEqual(left);
    // Gone: a second removal is 404.
    expect((await remove(alice, older)).statusCode).toBe(404);
  });

  it("answers 404 for another user's method and leaves it in place", async () => {
    const bobs = await saveMethod(bob, 'Bob sandbox');
    const response = await remove(alice, bobs);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({
      code: 'not_found',
      message: expect.stringContaining(`Saved payment method ${bobs} was not found.`),
    });
    expect(
      (await methods(bob)).json<{ items: SavedPaymentMethod[] }>().items.map((item) => item.id),
    ).toContain(bobs);
  });

  it('refuses an id that is no id (400) and a visitor without a token (401)', async () => {
    expect((await remove(alice, 'abc')).statusCode).toBe(400);
    expect((await remove(undefined, 1)).statusCode).toBe(401);
  });

  it('a removed method no longer pays', async () => {
    const boxId = await seedBoxId(api, 'night-market-blind-box');
    const first = await buyBox(api, alice, boxId, { provider: 'sandbox', saveMethod: true });
    const saved = (await methods(alice))
      .json<{ items: SavedPaymentMethod[] }>()
      .items.find((item) => item.vaultToken === first.vaultToken);
    expect(saved).toBeDefined();
    expect((await remove(alice, saved!.id)).statusCode).toBe(200);
    const order = await orderBox(api, alice, boxId);
    const refused = await api.app.inject({
      method: 'POST',
      url: `/api/orders/${order.orderSn}/payments`,
      headers: bearer(alice),
      payload: { provider: 'sandbox', vaultToken: first.vaultToken },
    });
    expect(refused.statusCode).toBe(404);
    // Paying without it still works.
    expect((await startPayment(api, alice, order.orderSn)).approvalUrl).toEqual(expect.any(String));
  }, 60_000);
});
