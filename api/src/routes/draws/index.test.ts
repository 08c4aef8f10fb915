import { eq } from 'drizzle-orm';
import type {
  DrawProof,
  FairnessState,
  FeedEvent,
  PublicDrawProof,
  SeedRotation,
} from '@arttoy/shared/contracts/api';
import { chiSquare, chiSquareCritical, hashServerSeed, simulateDraws, verifyDraw } from '@arttoy/shared/fair';
import { boxModelFigures } from '../../db/schema';
import { signInTestUser, type TestUser } from '../../test/auth-emulator';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import { bearer, seedBoxId, buyBox, expectStatus, setStock } from '../../test/purchase';

describe('provably fair draws: seeds, proofs, verification', () => {
  let api: TestApi;
  let alice: TestUser;
  let bob: TestUser;
  let boxId: number;

  const get = (url: string, user?: TestUser) => api.app.inject({ method: 'GET', url, headers: bearer(user) });
  const rotate = (user: TestUser) =>
    api.app.inject({ method: 'POST', url: '/api/me/server-seed/rotate', headers: bearer(user) });

  beforeAll(async () => {
    api = await buildTestApi({ orderSweepIntervalMs: 0 });
    [alice, bob] = [await signInTestUser('alice'), await signInTestUser('bob')];
    boxId = await seedBoxId(api, 'tide-pool-tales-blind-box');
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('shows my seed hash, client seed and next nonce; my client seed is mine to choose', async () => {
    const state = expectStatus(await get('/api/me/fairness', alice), 200).json<FairnessState>();
    expect(state).toMatchObject({
      serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      clientSeed: expect.stringMatching(/^[0-9a-f]{16}$/),
      nextNonce: 0,
    });
    expect((await get('/api/me/fairness', alice)).json()).toEqual(state);
    expect((await get('/api/me/fairness', bob)).json<FairnessState>().serverSeedHash).not.toBe(
      state.serverSeedHash,
    );
    const set = await api.app.inject({
      method: 'PUT',
      url: '/api/me/client-seed',
      headers: bearer(alice),
      payload: { clientSeed: 'lucky-7.alice' },
    });
    expect(set.json()).toEqual({ ...state, clientSeed: 'lucky-7.alice' });
    const bad = await api.app.inject({
      method: 'PUT',
      url: '/api/me/client-seed',
      headers: bearer(alice),
      payload: { clientSeed: 'no spaces please' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await get('/api/me/fairness')).statusCode).toBe(401);
  });

  it('draws with the seeds shown, and the proof re-computes to the same figure once the seed is revealed', async () => {
    const before = (await get('/api/me/fairness', alice)).json<FairnessState>();
    const { draw } = await buyBox(api, alice, boxId);
    expect(draw).toMatchObject({
      serverSeedHash: before.serverSeedHash,
      clientSeed: before.clientSeed,
      nonce: before.nextNonce,
      serverSeed: null,
    });
    // The odds the draw used are the published ones of the figures in stock.
    const published = await api.db
      .select()
      .from(boxModelFigures)
      .where(eq(boxModelFigures.boxModelId, boxId));
    expect(draw.oddsLines.toSorted((a, b) => a.figureId - b.figureId)).toEqual(
      published
        .map(({ figureId, oddsPpm }) => ({ figureId, oddsPpm }))
        .toSorted((a, b) => a.figureId - b.figureId),
    );

    const rotation = expectStatus(await rotate(alice), 200).json<SeedRotation>();
    expect(rotation.revealed).toMatchObject({
      serverSeedHash: before.serverSeedHash,
      drawCount: before.nextNonce + 1,
    });
    expect(hashServerSeed(rotation.revealed.serverSeed)).toBe(before.serverSeedHash);
    expect(rotation.current).toMatchObject({ clientSeed: before.clientSeed, nextNonce: 0 });
    expect(rotation.current.serverSeedHash).not.toBe(before.serverSeedHash);

    const proof = expectStatus(await get(`/api/draws/${draw.id}`, alice), 200).json<DrawProof>();
    expect(proof.serverSeed).toBe(rotation.revealed.serverSeed);
    const verification = verifyDraw({
      ...proof,
      serverSeed: proof.serverSeed ?? '',
      lines: proof.oddsLines,
      figureId: proof.figure.id,
    });
    expect(verification.valid).toBe(true);
    expect(verification.checks).toEqual({ serverSeedHash: true, rollPpm: true, figureId: true });
    // A tampered record fails.
    expect(
      verifyDraw({
        ...proof,
        serverSeed: proof.serverSeed ?? '',
        lines: proof.oddsLines,
        figureId: proof.figure.id + 1,
      }).valid,
    ).toBe(false);
  });

  it('draws only figures in stock, over their published odds renormalised', async () => {
    const published = await api.db
      .select()
      .from(boxModelFigures)
      .where(eq(boxModelFigures.boxModelId, boxId));
    const [onlyFigure] = published.toSorted((a, b) => a.figureId - b.figureId);
    // One figure left with stock: whatever the roll, it is the one drawn.
    await setStock(api, boxId, (figureId) => (figureId === onlyFigure?.figureId ? 3 : 0));
    const { draw } = await buyBox(api, alice, boxId);
    expect(draw.figure.id).toBe(onlyFigure?.figureId);
    expect(draw.oddsLines).toEqual([{ figureId: onlyFigure?.figureId, oddsPpm: onlyFigure?.oddsPpm }]);
    await setStock(api, boxId, () => 50);
  });

  it('lists my draws and shows another user’s draw as not found', async () => {
    const { draw } = await buyBox(api, bob, boxId);
    const mine = (await get('/api/draws', bob)).json<{ items: DrawProof[]; total: number }>();
    expect(mine.total).toBe(1);
    expect(mine.items[0]?.id).toBe(draw.id);
    expect((await get(`/api/draws/${draw.id}`, alice)).statusCode).toBe(404);
    expect((await get(`/api/draws/${draw.id}`)).statusCode).toBe(401);
    expect((await get('/api/draws/abc', bob)).statusCode).toBe(400);
  });

  const setVisible = (user: TestUser, visible: boolean) =>
    api.app.inject({
      method: 'PUT',
      url: '/api/me/feed-visibility',
      headers: bearer(user),
      payload: { visible },
    });
  const recentFeed = async () => (await get('/api/feed/recent')).json<{ items: FeedEvent[] }>().items;

  it('names draws in public by a random public id, never by their sequential id', async () => {
    const { draw } = await buyBox(api, bob, boxId);
    expect(draw.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const listed = (await get('/api/draws', bob)).json<{ items: DrawProof[] }>().items;
    const ids = listed.map((item) => item.publicId);
    expect(new Set(ids).size).toBe(ids.length);
    // The owner reads it by either id; a sequential id opens no public proof.
    expect(expectStatus(await get(`/api/draws/${draw.publicId}`, bob), 200).json()).toEqual(draw);
    expect((await get(`/api/draws/${draw.publicId}`, alice)).statusCode).toBe(404);
    expect((await get(`/api/draws/${draw.id}/proof`)).statusCode).toBe(400);
    expect((await get('/api/draws/abc/proof')).statusCode).toBe(400);
    expect((await get(`/api/draws/${'A'.repeat(22)}/proof`)).statusCode).toBe(404);
  });

  it('gives no one a way to find or link the pulls of a buyer who did not let the live room show them', async () => {
    const carol = await signInTestUser('carol-private');
    const pulls = [(await buyBox(api, carol, boxId)).draw, (await buyBox(api, carol, boxId)).draw];
    const published = JSON.stringify(await recentFeed());
    for (const draw of pulls) {
      expect(published).not.toContain(draw.publicId);
      expect(published).not.toContain(draw.serverSeedHash);
      expect(published).not.toContain(draw.clientSeed);
    }
    const events = await recentFeed();
    expect(events.filter((event) => 'drawId' in event)).toEqual([]);
    // Nobody's pull is linked while its puller hides: only pulls shown with a handle carry a proof id.
    expect(events.filter((event) => event.handle === null && event.drawPublicId !== null)).toEqual([]);
    for (const draw of pulls) {
      expect((await get(`/api/draws/${draw.publicId}/proof`)).statusCode).toBe(404);
      expect((await get(`/api/draws/${draw.publicId}/proof`, alice)).statusCode).toBe(404);
      // The owner keeps every proof.
      const own = expectStatus(await get(`/api/draws/${draw.publicId}/proof`, carol), 200);
      const { id: _id, orderSn: _order, lockerItemId: _item, ...expected } = draw;
      expect(own.json()).toEqual(expected);
      expect(own.headers['cache-control']).toBe('private, no-store');
      // A token that cannot be verified is no token: the proof stays closed.
      const forged = await api.app.inject({
        method: 'GET',
        url: `/api/draws/${draw.publicId}/proof`,
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(forged.statusCode).toBe(404);
      expect(expectStatus(await get(`/api/draws/${draw.id}`, carol), 200).json()).toEqual(draw);
    }
  });

  it("shows a draw's public proof to anyone while its owner lets the live room show them, without its id, order or item, the seed only once rotated out", async () => {
    const dana = await signInTestUser('dana-public');
    expect(
      (
        await api.app.inject({
          method: 'PUT',
          url: '/api/me/handle',
          headers: bearer(dana),
          payload: { handle: `dana_${Date.now() % 1e6}` },
        })
      ).statusCode,
    ).toBe(200);
    const { draw } = await buyBox(api, dana, boxId);
    expectStatus(await setVisible(dana, true), 200);
    const event = (await recentFeed()).find((item) => item.drawPublicId === draw.publicId);
    expect(event).toMatchObject({ kind: 'pull', handle: expect.stringMatching(/^dana_/) });

    const anonymous = expectStatus(await get(`/api/draws/${draw.publicId}/proof`), 200);
    const { id: _id, orderSn: _order, lockerItemId: _item, ...expected } = draw;
    expect(anonymous.json()).toEqual({ ...expected, serverSeed: null });
    expect(anonymous.json()).not.toHaveProperty('id');
    expect(anonymous.headers['cache-control']).toBe('public, max-age=5');
    expectStatus(await rotate(dana), 200);
    const revealed = expectStatus(
      await get(`/api/draws/${draw.publicId}/proof`),
      200,
    ).json<PublicDrawProof>();
    expect(hashServerSeed(revealed.serverSeed ?? '')).toBe(draw.serverSeedHash);

    // Hidden again: the past pull's link and proof go with the handle.
    expectStatus(await setVisible(dana, false), 200);
    expect((await recentFeed()).some((item) => item.drawPublicId === draw.publicId)).toBe(false);
    expect((await get(`/api/draws/${draw.publicId}/proof`)).statusCode).toBe(404);
  });

  it('matches the box’s odds, renormalised over the figures in stock, over many simulated draws (chi-square)', async () => {
    const published = await api.db
      .select()
      .from(boxModelFigures)
      .where(eq(boxModelFigures.boxModelId, boxId));
    // Two regular figures sold out: the draw's lines are the rest, as fulfilment builds them.
    const lines = published
      .toSorted((a, b) => a.figureId - b.figureId)
      .slice(2)
      .map(({ figureId, oddsPpm }) => ({ figureId, oddsPpm }));
    const sum = lines.reduce((total, line) => total + line.oddsPpm, 0);
    const count = 40_000;
    const counts = simulateDraws({
      serverSeed: 'ab'.repeat(32),
      clientSeed: 'chi-square',
      firstNonce: 0,
      count,
      lines,
    });
    const observed = lines.map((line) => counts.get(line.figureId) ?? 0);
    const result = chiSquare(
      observed,
      lines.map((line) => line.oddsPpm / sum),
    );
    expect(result.degreesOfFreedom).toBe(lines.length - 1);
    expect(result.statistic).toBeLessThan(chiSquareCritical(result.degreesOfFreedom));
    // And a wrong claim is caught: the same counts against equal odds fail the test.
    expect(
      chiSquare(
        observed,
        lines.map(() => 1 / lines.length),
      ).consistent,
    ).toBe(false);
  });
});
