/** The secret preview links are signed with (preview-token.ts), shared by the site server and the deploy service. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Environment } from '../config';
import { stateDirFrom } from '../deploy-service/settings';

/** A secret shorter than this is refused: a guessable secret makes every preview link forgeable. */
const MIN_SECRET_LENGTH = 32;

/** Where the deploy service and the site server keep what they make once (DEPLOY_STATE_DIR, default .data/deploy/). */
export function deployStateDir(env: Environment): string {
  return stateDirFrom(env);
}

/**
 * The preview secret: PREVIEW_SECRET, else one generated on first use into the state folder and
 * read from there afterwards, so links outlive a restart and every process on this machine (the
 * site server, the deploy service) signs and checks with the same one. Several site servers on
 * several machines need PREVIEW_SECRET set to one value.
 */
export async function previewSecret(env: Environment): Promise<string> {
  const configured = env.PREVIEW_SECRET;
  if (configured !== undefined && configured !== '') {
    if (configured.length < MIN_SECRET_LENGTH)
      throw new Error(
        `PREVIEW_SECRET must be at least ${MIN_SECRET_LENGTH} characters (it is ${configured.length}); make one with: openssl rand -base64 48`,
      );
    return configured;
  }
  const file = path.join(deployStateDir(env), 'preview-secret');
  await fs.mkdir(path.dirname(file), { recursive: true });
  const made = randomBytes(48).toString('base64url');
  // `wx`: the first process to get here writes it; any other, racing, reads that one.
  await fs.writeFile(file, `${made}\n`, { flag: 'wx', mode: 0o600 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  const secret = (await fs.readFile(file, 'utf8')).trim();
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(`${file} holds no usable preview secret (too short): delete it and start again.`);
  return secret;
}
