/**
 * Which origin the deploy tools and the site server use, from the environment: the local folder
 * (`ORIGIN_DIR`, default `.origin/`) unless `ORIGIN_STORE` names a bucket.
 *
 *   ORIGIN_STORE=azure                   an Azure Blob Storage container (Azurite locally)
 *   AZURE_STORAGE_CONNECTION_STRING=…    the account's connection string (required for azure)
 *   ORIGIN_CONTAINER=origin              the container (default `origin`)
 *   ORIGIN_CACHE_DIR=.data/origin-cache  the site server's local copy of a bucket origin
 *   ORIGIN_SYNC_MS=2000                  how often the site server looks for a new build there
 */
import path from 'node:path';
import { BlobServiceClient } from '@azure/storage-blob';
import type { Environment } from '../config';
import { originDir, REPO_ROOT } from '../origin';
import { AzureBlobOriginStore } from './azure-blob';
import { LocalOriginStore } from './local';
import type { OriginStore } from './store';

export const ORIGIN_STORE_KINDS = ['folder', 'azure'] as const;

/** Azure's rule for container names: 3-63 lower-case letters, digits and single dashes, starting with a letter or digit. */
const CONTAINER = /^(?=.{3,63}$)[a-z0-9]+(-[a-z0-9]+)*$/;

/** A setting that is wrong: the message names it and says what it must be. */
export class OriginSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OriginSettingError';
  }
}

const blank = (value: string | undefined): boolean => value === undefined || value.trim() === '';

export function originStoreFromEnv(env: Environment): OriginStore {
  const kind = blank(env.ORIGIN_STORE) ? 'folder' : env.ORIGIN_STORE!.trim();
  if (kind === 'folder') return new LocalOriginStore(originDir(env));
  if (kind !== 'azure')
    throw new OriginSettingError(
      `ORIGIN_STORE must be ${ORIGIN_STORE_KINDS.map((name) => `"${name}"`).join(' or ')} (or unset for the folder), got ${JSON.stringify(env.ORIGIN_STORE)}.`,
    );
  const connection = env.AZURE_STORAGE_CONNECTION_STRING;
  if (blank(connection))
    throw new OriginSettingError(
      'ORIGIN_STORE=azure needs AZURE_STORAGE_CONNECTION_STRING (the storage account\'s connection string; "UseDevelopmentStorage=true" for Azurite on its default port).',
    );
  const container = blank(env.ORIGIN_CONTAINER) ? 'origin' : env.ORIGIN_CONTAINER!.trim();
  if (!CONTAINER.test(container))
    throw new OriginSettingError(
      `ORIGIN_CONTAINER must be 3-63 lower-case letters, digits and single dashes, starting and ending with a letter or digit, got ${JSON.stringify(env.ORIGIN_CONTAINER)}.`,
    );
  let service: BlobServiceClient;
  try {
    service = BlobServiceClient.fromConnectionString(connection!.trim());
  } catch (error) {
    // The SDK's message may quote the string, and with it the account key: never repeat it.
    throw new OriginSettingError(
      `AZURE_STORAGE_CONNECTION_STRING is not a storage connection string (it needs AccountName and AccountKey, or a SharedAccessSignature, and BlobEndpoint or DefaultEndpointsProtocol): ${error instanceof Error ? error.name : 'unreadable'}.`,
    );
  }
  return new AzureBlobOriginStore(service, container);
}

/** The site server's copy of a bucket origin (see mirror.ts). */
export function originCacheDir(env: Environment): string {
  return path.resolve(
    blank(env.ORIGIN_CACHE_DIR) ? path.join(REPO_ROOT, '.data/origin-cache') : env.ORIGIN_CACHE_DIR!,
  );
}

/** ORIGIN_SYNC_MS: how often the site server reads a bucket origin's pointers (default 2 s). */
export function originSyncMs(env: Environment): number {
  if (blank(env.ORIGIN_SYNC_MS)) return 2_000;
  const ms = Number(env.ORIGIN_SYNC_MS);
  if (Number.isInteger(ms) && ms >= 100 && ms <= 600_000) return ms;
  throw new OriginSettingError(
    `ORIGIN_SYNC_MS must be a whole number of milliseconds from 100 to 600000, got ${JSON.stringify(env.ORIGIN_SYNC_MS)}.`,
  );
}
