import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { previewSecret } from './preview-secret';
import { signPreviewToken, verifyPreviewToken } from './preview-token';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const CLAIMS = { env: 'preview', build: '20261127000000-pppppppp', exp: 10_000 };

describe('preview tokens', () => {
  it('are taken until they expire, with their claims', () => {
    const token = signPreviewToken(SECRET, CLAIMS);
    expect(verifyPreviewToken(SECRET, token, 9_999)).toEqual({ ok: true, claims: CLAIMS });
    expect(verifyPreviewToken(SECRET, token, 10_000)).toMatchObject({
      ok: false,
      reason: 'expired',
      message: expect.stringContaining('expired at 1970-01-01T00:00:10.000Z'),
    });
  });

  it('are refused when signed with another secret, or when their claims were changed', () => {
    const token = signPreviewToken(SECRET, CLAIMS);
    expect(verifyPreviewToken(`${SECRET}-other`, token, 0)).toMatchObject({ ok: false, reason: 'forged' });
    // A longer expiry, or another build, with the original signature.
    const [version, , signature] = token.split('.');
    for (const claims of [
      { ...CLAIMS, exp: 99_999_999 },
      { ...CLAIMS, build: '20261127000000-zzzzzzzz' },
    ]) {
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      expect(verifyPreviewToken(SECRET, `${version}.${payload}.${signature}`, 0)).toMatchObject({
        ok: false,
        reason: 'forged',
      });
    }
  });

  it.each(['', 'abc', 'v2.a.b', 'v1.a.b.c', 'v1..'])('are refused as malformed: %j', (token) => {
    expect(verifyPreviewToken(SECRET, token, 0)).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('cannot be made for production, nor for something that is not a build', () => {
    expect(() => signPreviewToken(SECRET, { ...CLAIMS, env: 'production' })).toThrow(
      'a preview link cannot name production',
    );
    expect(() => signPreviewToken(SECRET, { ...CLAIMS, build: '../../etc' })).toThrow(
      'build must be a build id',
    );
  });
});

describe('the preview secret', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-preview-secret-'));
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('is PREVIEW_SECRET when set, and refused when too short to be safe', async () => {
    await expect(previewSecret({ PREVIEW_SECRET: SECRET, DEPLOY_STATE_DIR: dir })).resolves.toBe(SECRET);
    await expect(previewSecret({ PREVIEW_SECRET: 'short', DEPLOY_STATE_DIR: dir })).rejects.toThrow(
      'PREVIEW_SECRET must be at least 32 characters',
    );
  });

  it('is generated once into the state folder, readable by its owner only, and the same for every caller', async () => {
    const env = { DEPLOY_STATE_DIR: dir };
    const secrets = await Promise.all([previewSecret(env), previewSecret(env), previewSecret(env)]);
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
    expect(await previewSecret(env)).toBe(secrets[0]);
    expect((await fs.stat(path.join(dir, 'preview-secret'))).mode & 0o777).toBe(0o600);
  });
});
