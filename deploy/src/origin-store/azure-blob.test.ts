/**
 * The bucket origin's contract, against a real implementation of the Azure Blob API (Azurite,
 * started here on a free port): create-only writes, compare-and-swap on the ETag, listing, headers.
 */
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { BlobServiceClient } from '@azure/storage-blob';
import { AzureBlobOriginStore } from './azure-blob';
import { startAzurite, type RunningAzurite } from './azurite';
import { PreconditionFailed } from './store';

let azurite: RunningAzurite;
let service: BlobServiceClient;
let store: AzureBlobOriginStore;

beforeAll(async () => {
  azurite = await startAzurite();
  service = BlobServiceClient.fromConnectionString(azurite.connectionString);
}, 120_000);

afterAll(() => azurite?.stop());

// A container of its own for each test: nothing carries over.
beforeEach(() => {
  store = new AzureBlobOriginStore(service, `origin-${randomBytes(6).toString('hex')}`);
});

const bytes = (text: string) => Buffer.from(text);

describe('AzureBlobOriginStore', () => {
  it('reads nothing from a container that does not exist yet', async () => {
    expect(await store.get('builds/latest.json')).toBeNull();
    expect(await store.list('builds/')).toEqual([]);
  });

  it('writes an immutable object once: a second write of the key changes nothing', async () => {
    expect(await store.putIfAbsent('mf-rules/abc/remoteEntry.js', bytes('first'))).toBe(true);
    expect(await store.putIfAbsent('mf-rules/abc/remoteEntry.js', bytes('second'))).toBe(false);
    const stored = await store.get('mf-rules/abc/remoteEntry.js');
    expect(stored?.bytes.toString()).toBe('first');
    expect(stored?.etag).toMatch(/\S/);
  });

  it('lets one of many simultaneous creators of a key win', async () => {
    const won = await Promise.all(
      Array.from({ length: 8 }, (_, i) => store.putIfAbsent('builds/meta/once.json', bytes(`writer ${i}`))),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    const winner = won.indexOf(true);
    expect((await store.get('builds/meta/once.json'))?.bytes.toString()).toBe(`writer ${winner}`);
  });

  it('creates a pointer only when none exists (ifMatch null)', async () => {
    const etag = await store.putIfMatch('builds/latest.json', bytes('{"v":1}'), null);
    expect((await store.get('builds/latest.json'))?.etag).toBe(etag);
    const refused = await store
      .putIfMatch('builds/latest.json', bytes('{"v":2}'), null)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PreconditionFailed);
    expect(refused).toMatchObject({ key: 'builds/latest.json', found: etag });
    expect((await store.get('builds/latest.json'))?.bytes.toString()).toBe('{"v":1}');
  });

  it('swaps a pointer only from the etag it was read at, and says what it found', async () => {
    const first = await store.putIfMatch('builds/latest.json', bytes('{"v":1}'), null);
    const second = await store.putIfMatch('builds/latest.json', bytes('{"v":2}'), first);
    expect(second).not.toBe(first);
    // A writer still holding the first etag lost: nothing it wrote shows.
    const stale = await store
      .putIfMatch('builds/latest.json', bytes('{"v":3}'), first)
      .catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(PreconditionFailed);
    expect(stale).toMatchObject({ found: second });
    const stored = await store.get('builds/latest.json');
    expect(stored).toEqual({ bytes: bytes('{"v":2}'), etag: second });
    // A pointer that is not there is not "any etag".
    await expect(store.putIfMatch('builds/env/preview.json', bytes('{}'), second)).rejects.toMatchObject({
      name: 'PreconditionFailed',
      found: null,
    });
  });

  it('lets exactly one of many swaps from the same etag land', async () => {
    const start = await store.putIfMatch('builds/latest.json', bytes('{"v":0}'), null);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        store.putIfMatch('builds/latest.json', bytes(`{"v":${i + 1}}`), start),
      ),
    );
    const landed = results.filter((result) => result.status === 'fulfilled');
    expect(landed).toHaveLength(1);
    expect(
      results.filter((result) => result.status === 'rejected' && result.reason instanceof PreconditionFailed),
    ).toHaveLength(7);
    expect((await store.get('builds/latest.json'))?.etag).toBe(
      (landed[0] as PromiseFulfilledResult<string>).value,
    );
  });

  it('lists the keys under a prefix, sorted, and only those', async () => {
    for (const key of ['builds/meta/b.json', 'builds/meta/a.json', 'builds/latest.json', 'mf-blog/v1/x.js'])
      await store.putIfAbsent(key, bytes(key));
    expect(await store.list('builds/meta/')).toEqual(['builds/meta/a.json', 'builds/meta/b.json']);
    expect(await store.list('')).toHaveLength(4);
  });

  it('stores scripts, manifests and precompressed copies with the headers a static host sends', async () => {
    const script = 'var mf_rules = 1;'.repeat(100);
    await store.putIfAbsent('mf-rules/v1/remoteEntry.js', bytes(script));
    await store.putIfAbsent('mf-rules/v1/remoteEntry.js.gz', gzipSync(script));
    await store.putIfAbsent('mf-rules/v1/icon.svg', bytes('<svg/>'));
    await store.putIfMatch('builds/latest.json', bytes('{}'), null);
    const container = service.getContainerClient(store.containerName);
    const headers = async (key: string) => {
      const properties = await container.getBlobClient(key).getProperties();
      return [properties.contentType, properties.contentEncoding, properties.cacheControl];
    };
    expect(await headers('mf-rules/v1/remoteEntry.js')).toEqual([
      'text/javascript; charset=utf-8',
      undefined,
      'public, max-age=31536000, immutable',
    ]);
    expect(await headers('mf-rules/v1/remoteEntry.js.gz')).toEqual([
      'text/javascript; charset=utf-8',
      'gzip',
      'public, max-age=31536000, immutable',
    ]);
    expect((await headers('mf-rules/v1/icon.svg'))[0]).toBe('image/svg+xml');
    expect(await headers('builds/latest.json')).toEqual([
      'application/json; charset=utf-8',
      undefined,
      'no-cache',
    ]);
    // The compressed copy comes back as stored (the mirror writes it beside the file it compresses).
    expect((await store.get('mf-rules/v1/remoteEntry.js.gz'))?.bytes).toEqual(gzipSync(script));
  });

  it('refuses keys that are not plain relative paths', async () => {
    for (const key of ['/builds/latest.json', 'builds/../secret', 'builds//x', '.store/lock'])
      await expect(store.get(key)).rejects.toThrow(/not a relative path of plain names/);
  });
});
