import path from 'node:path';
import { AzureBlobOriginStore } from './azure-blob';
import { azuriteConnectionString } from './azurite';
import { originCacheDir, originStoreFromEnv, originSyncMs } from './from-env';
import { LocalOriginStore } from './local';

const azure = { ORIGIN_STORE: 'azure', AZURE_STORAGE_CONNECTION_STRING: azuriteConnectionString(10_300) };

describe('originStoreFromEnv', () => {
  it('is the origin folder when nothing is set (ORIGIN_DIR, else .origin/)', () => {
    const store = originStoreFromEnv({ ORIGIN_DIR: '/srv/origin' });
    expect(store).toBeInstanceOf(LocalOriginStore);
    expect((store as LocalOriginStore).root).toBe(path.resolve('/srv/origin'));
    expect((originStoreFromEnv({ ORIGIN_STORE: 'folder' }) as LocalOriginStore).root).toMatch(/\.origin$/);
  });

  it('is an Azure Blob container with ORIGIN_STORE=azure (container "origin" unless ORIGIN_CONTAINER)', () => {
    const store = originStoreFromEnv(azure);
    expect(store).toBeInstanceOf(AzureBlobOriginStore);
    expect((store as AzureBlobOriginStore).containerName).toBe('origin');
    expect(store.description).toBe('Azure Blob container origin at http://127.0.0.1:10300/devstoreaccount1');
    const named = originStoreFromEnv({ ...azure, ORIGIN_CONTAINER: 'site-origin-2' });
    expect((named as AzureBlobOriginStore).containerName).toBe('site-origin-2');
  });

  it('names the setting that is wrong and what it must be', () => {
    expect(() => originStoreFromEnv({ ORIGIN_STORE: 's3' })).toThrow(
      'ORIGIN_STORE must be "folder" or "azure" (or unset for the folder), got "s3".',
    );
    expect(() => originStoreFromEnv({ ORIGIN_STORE: 'azure' })).toThrow(
      /^ORIGIN_STORE=azure needs AZURE_STORAGE_CONNECTION_STRING/,
    );
    for (const container of ['Origin', 'ab', 'two--dashes', '-dash', 'x'.repeat(64)])
      expect(() => originStoreFromEnv({ ...azure, ORIGIN_CONTAINER: container })).toThrow(
        `ORIGIN_CONTAINER must be 3-63 lower-case letters, digits and single dashes, starting and ending with a letter or digit, got ${JSON.stringify(container)}.`,
      );
  });

  it('refuses a connection string it cannot read without repeating it (it holds the key)', () => {
    const secret = 'AccountKey=c2VjcmV0;NotAField';
    const error = (() => {
      try {
        originStoreFromEnv({ ORIGIN_STORE: 'azure', AZURE_STORAGE_CONNECTION_STRING: secret });
      } catch (caught) {
        return caught as Error;
      }
      return null;
    })();
    expect(error?.message).toMatch(/^AZURE_STORAGE_CONNECTION_STRING is not a storage connection string/);
    expect(error?.message).not.toContain('c2VjcmV0');
  });
});

describe('the site server copy of a bucket origin', () => {
  it('lives in ORIGIN_CACHE_DIR (default .data/origin-cache) and syncs every ORIGIN_SYNC_MS (default 2 s)', () => {
    expect(originCacheDir({})).toMatch(/\.data\/origin-cache$/);
    expect(originCacheDir({ ORIGIN_CACHE_DIR: '/tmp/copy' })).toBe('/tmp/copy');
    expect(originSyncMs({})).toBe(2_000);
    expect(originSyncMs({ ORIGIN_SYNC_MS: '500' })).toBe(500);
    for (const value of ['50', '1.5', 'soon', '600001'])
      expect(() => originSyncMs({ ORIGIN_SYNC_MS: value })).toThrow(
        `ORIGIN_SYNC_MS must be a whole number of milliseconds from 100 to 600000, got ${JSON.stringify(value)}.`,
      );
  });
});
