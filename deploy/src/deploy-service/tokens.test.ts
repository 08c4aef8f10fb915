import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checkToken, issueToken, listTokens, removeTokens, revokeToken } from './tokens';

let stateDir: string;
beforeEach(async () => {
  stateDir = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-tokens-'));
});
afterEach(() => fs.rm(stateDir, { recursive: true, force: true }));

it('keeps only the hash of a token, which checks until it expires or is revoked', async () => {
  const { token, record } = await issueToken(stateDir, { team: 'gallery', ttlMs: 60_000, now: 1_000 });
  expect(token).toMatch(/^arttoy_deploy_[A-Za-z0-9_-]{43}$/);
  const stored = await fs.readdir(path.join(stateDir, 'tokens'));
  expect(stored).toEqual([`${record.sha256}.json`]);
  const text = await fs.readFile(path.join(stateDir, 'tokens', stored[0]!), 'utf8');
  expect(text).not.toContain(token.slice('arttoy_deploy_'.length));

  expect(await checkToken(stateDir, token, 2_000)).toEqual({ ok: true, record });
  expect(await checkToken(stateDir, token, 61_000)).toMatchObject({ ok: false, reason: 'expired' });
  expect(await checkToken(stateDir, 'arttoy_deploy_short', 2_000)).toEqual({
    ok: false,
    reason: 'malformed',
  });
  await revokeToken(stateDir, record.id.slice(0, 6), 3_000);
  expect(await checkToken(stateDir, token, 4_000)).toMatchObject({
    ok: false,
    reason: 'revoked',
    record: { revokedAt: 3_000 },
  });
});

it('names a token id that matches none', async () => {
  await expect(revokeToken(stateDir, 'abcdef')).rejects.toThrow(
    'No token has the id abcdef; npm run deploy:tokens -- list shows them.',
  );
  await expect(revokeToken(stateDir, 'xyz')).rejects.toThrow(/^A token id is 6-12 hex digits/);
});

it('removes the tokens it is told to', async () => {
  await issueToken(stateDir, { team: 'blog', ttlMs: 1, now: 0, note: 'local command' });
  const kept = await issueToken(stateDir, { team: 'blog' });
  expect(await removeTokens(stateDir, (record) => record.expiresAt <= Date.now())).toBe(1);
  expect((await listTokens(stateDir)).map((record) => record.id)).toEqual([kept.record.id]);
});
