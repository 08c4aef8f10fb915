import { MAX_SAVED_ADDRESSES, type SavedAddress } from '@arttoy/shared/contracts/api';
import { signInTestUsers, type TestUser } from '../../test/auth-emulator';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import { bearer } from '../../test/purchase';

const home = {
  name: 'Ada Lovelace',
  line1: '12 Market Street',
  city: 'London',
  postalCode: 'N1 9GU',
  country: 'GB',
  phone: '+44 20 7946 0000',
};
const numbered = (n: number) => ({ ...home, line1: `${n} Market Street` });

describe('the address book: GET, POST and DELETE /api/me/addresses', () => {
  let api: TestApi;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  const run = Date.now().toString(36).slice(-6);

  beforeAll(async () => {
    api = await buildTestApi({ orderSweepIntervalMs: 0 });
    [alice, bob, carol] = await signInTestUsers('book', run, ['alice', 'bob', 'carol']);
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  const list = async (user: TestUser) => {
    const response = await api.app.inject({ method: 'GET', url: '/api/me/addresses', headers: bearer(user) });
    expect(response.statusCode).toBe(200);
    return response.json<{ items: SavedAddress[] }>().items;
  };
  const save = (user: TestUser | undefined, payload: unknown) =>
    api.app.inject({
      method: 'POST',
      url: '/api/me/addresses',
      headers: bearer(user),
      payload: payload as object,
    });
  const remove = (user: TestUser | undefined, id: number | string) =>
    api.app.inject({ method: 'DELETE', url: `/api/me/addresses/${id}`, headers: bearer(user) });

  it('saves an address, trimmed, and lists it; the same place again is the saved one, not a second', async () => {
    expect(await list(alice)).toEqual([]);
    const created = await save(alice, { address: { ...home, name: '  Ada Lovelace ' } });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('private, no-store');
    const saved = created.json<SavedAddress>();
    expect(saved).toEqual({ id: expect.any(Number), address: home, createdAt: expect.any(String) });
    expect(await list(alice)).toEqual([saved]);
    const again = await save(alice, { address: { ...home, line1: '12  market street', line2: '' } });
    expect(again.statusCode).toBe(200);
    expect(again.json<SavedAddress>().id).toBe(saved.id);
    expect(await list(alice)).toHaveLength(1);
  });

  it.each([
    ['no phone', { ...home, phone: undefined }, 'body.address.phone'],
    ['a country name', { ...home, country: 'England' }, 'body.address.country'],
    ['an unknown country code', { ...home, country: 'ZZ' }, 'body.address.country'],
    ['a postal code with symbols', { ...home, postalCode: '!!' }, 'body.address.postalCode'],
    ['an empty city', { ...home, city: '  ' }, 'body.address.city'],
    ['a second line too long', { ...home, line2: 'x'.repeat(201) }, 'body.address.line2'],
  ])('refuses an address with %s, naming the field (400)', async (_what, address, field) => {
    const response = await save(alice, { address });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'invalid_request',
      details: { issues: [expect.objectContaining({ field })] },
    });
  });

  it('refuses a body that is not an address, and anyone signed out', async () => {
    expect((await save(alice, {})).statusCode).toBe(400);
    expect((await save(alice, { address: 'Baker Street' })).statusCode).toBe(400);
    expect((await save(undefined, { address: home })).statusCode).toBe(401);
    expect((await api.app.inject({ method: 'GET', url: '/api/me/addresses' })).statusCode).toBe(401);
    expect((await remove(undefined, 1)).statusCode).toBe(401);
    expect((await remove(alice, 'first')).statusCode).toBe(400);
  });

  it(`keeps ${MAX_SAVED_ADDRESSES} addresses at most, saying what to do (409), even when saves arrive at once`, async () => {
    const answers = await Promise.all(
      Array.from({ length: MAX_SAVED_ADDRESSES + 3 }, (_unused, index) =>
        save(carol, { address: numbered(index + 1) }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(MAX_SAVED_ADDRESSES);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]?.json().error).toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/address book is full: it keeps 10 addresses\. Remove one/),
      details: { reason: 'address_book_full', max: 10 },
    });
    expect(await list(carol)).toHaveLength(MAX_SAVED_ADDRESSES);
    // A saved one is still answered when the book is full.
    expect((await save(carol, { address: numbered(1) })).statusCode).toBe(200);
  });

  it("removes the owner's address, answering the ones left; another's is 404 and stays", async () => {
    const second = (await save(alice, { address: numbered(99) })).json<SavedAddress>();
    const [newest, oldest] = await list(alice);
    expect(newest?.id).toBe(second.id);
    expect((await remove(bob, second.id)).statusCode).toBe(404);
    expect(await list(bob)).toEqual([]);
    expect(await list(alice)).toHaveLength(2);
    const removed = await remove(alice, second.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<{ items: SavedAddress[] }>().items).toEqual([oldest]);
    const gone = await remove(alice, second.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toMatch(
      /^Saved address \d+ was not found\. GET \/api\/me\/addresses lists yours\./,
    );
  });
});
