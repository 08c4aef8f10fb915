/**
 * Deploy tokens: `arttoy_deploy_<random>`, shown once when issued; the service keeps only their
 * SHA-256 (one file per token, `<state dir>/tokens/<sha256>.json`, so two issuers never overwrite
 * each other's list), with the team, when it was made, when it expires and when it was revoked.
 * Anyone who can write the state folder can issue a token: that folder is the service's trust root.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';

export const TOKEN_PREFIX = 'arttoy_deploy_';
const TOKEN = /^arttoy_deploy_[A-Za-z0-9_-]{43}$/;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A token issued by hand lasts this long unless told otherwise. */
export const DEFAULT_TOKEN_TTL_MS = 90 * DAY_MS;

const tokenRecordSchema = z.strictObject({
  /** The first 12 hex digits of the hash: how a person names the token to list or revoke it. */
  id: z.string().regex(/^[0-9a-f]{12}$/),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  team: z.string(),
  createdAt: z.number().int(),
  expiresAt: z.number().int(),
  revokedAt: z.number().int().optional(),
  /** What it is for ("CI of mf-gallery", "local deploy"). */
  note: z.string().max(200).optional(),
});
export type TokenRecord = z.output<typeof tokenRecordSchema>;

export type TokenCheck =
  | { ok: true; record: TokenRecord }
  | { ok: false; reason: 'malformed' | 'unknown' | 'expired' | 'revoked'; record?: TokenRecord };

const tokensDir = (stateDir: string) => path.join(stateDir, 'tokens');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

async function readRecord(file: string): Promise<TokenRecord | null> {
  const text = await fs.readFile(file, 'utf8').catch(() => null);
  if (text === null) return null;
  return tokenRecordSchema.parse(JSON.parse(text));
}

/** Write-then-rename: a reader sees the old record or the new one, never half of it. */
async function writeRecord(stateDir: string, record: TokenRecord): Promise<void> {
  const file = path.join(tokensDir(stateDir), `${record.sha256}.json`);
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(temporary, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  await fs.rename(temporary, file);
}

export async function issueToken(
  stateDir: string,
  {
    team,
    ttlMs = DEFAULT_TOKEN_TTL_MS,
    note,
    now = Date.now(),
  }: { team: string; ttlMs?: number; note?: string; now?: number },
): Promise<{ token: string; record: TokenRecord }> {
  if (!Number.isInteger(ttlMs) || ttlMs <= 0)
    throw new Error(`A token's lifetime must be a positive whole number of milliseconds; got ${ttlMs}.`);
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const sha256 = hashOf(token);
  const record: TokenRecord = {
    id: sha256.slice(0, 12),
    sha256,
    team,
    createdAt: now,
    expiresAt: now + ttlMs,
    ...(note ? { note } : {}),
  };
  await writeRecord(stateDir, record);
  return { token, record };
}

export async function listTokens(stateDir: string): Promise<TokenRecord[]> {
  const files = await fs.readdir(tokensDir(stateDir)).catch(() => [] as string[]);
  const records = await Promise.all(
    files
      .filter((file) => /^[0-9a-f]{64}\.json$/.test(file))
      .map((file) => readRecord(path.join(tokensDir(stateDir), file))),
  );
  return records.filter((record) => record !== null).toSorted((a, b) => a.createdAt - b.createdAt);
}

/** Revokes the token whose id (or the start of it, 6 digits at least) is given. */
export async function revokeToken(stateDir: string, id: string, now = Date.now()): Promise<TokenRecord> {
  if (!/^[0-9a-f]{6,12}$/.test(id))
    throw new Error(`A token id is 6-12 hex digits (npm run deploy:tokens -- list shows them); got "${id}".`);
  const matches = (await listTokens(stateDir)).filter((record) => record.id.startsWith(id));
  if (matches.length === 0)
    throw new Error(`No token has the id ${id}; npm run deploy:tokens -- list shows them.`);
  if (matches.length > 1)
    throw new Error(`${matches.length} tokens have ids starting with ${id}; give more of it.`);
  const [record] = matches as [TokenRecord];
  if (record.revokedAt !== undefined) return record;
  const revoked = { ...record, revokedAt: now };
  await writeRecord(stateDir, revoked);
  return revoked;
}

/** Read from the folder on every request, so a token issued or revoked by the command counts at once. */
export async function checkToken(stateDir: string, token: string, now = Date.now()): Promise<TokenCheck> {
  if (!TOKEN.test(token)) return { ok: false, reason: 'malformed' };
  const record = await readRecord(path.join(tokensDir(stateDir), `${hashOf(token)}.json`));
  if (!record) return { ok: false, reason: 'unknown' };
  if (record.revokedAt !== undefined) return { ok: false, reason: 'revoked', record };
  if (record.expiresAt <= now) return { ok: false, reason: 'expired', record };
  return { ok: true, record };
}

/** Deletes the tokens `which` picks (the CLI's own expired ones: each local command issues one). */
export async function removeTokens(
  stateDir: string,
  which: (record: TokenRecord) => boolean,
): Promise<number> {
  const doomed = (await listTokens(stateDir)).filter(which);
  await Promise.all(
    doomed.map((record) => fs.rm(path.join(tokensDir(stateDir), `${record.sha256}.json`), { force: true })),
  );
  return doomed.length;
}
