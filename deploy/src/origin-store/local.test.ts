import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startWorkers } from '../ledger/race-pool';
import { etagOf, LocalOriginStore } from './local';
import { PreconditionFailed } from './store';

let root: string;
let store: LocalOriginStore;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-origin-store-'));
  store = new LocalOriginStore(root);
});

afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const lockFile = (key: string): string => path.join(root, '.store/locks', `${key.replaceAll('/', '~')}.lock`);

describe('LocalOriginStore', () => {
  it('writes an immutable object once, and never over another', async () => {
    expect(await store.get('mf-blog/abc/remoteEntry.js')).toBeNull();
    expect(await store.putIfAbsent('mf-blog/abc/remoteEntry.js', Buffer.from('one'))).toBe(true);
    expect(await store.putIfAbsent('mf-blog/abc/remoteEntry.js', Buffer.from('two'))).toBe(false);
    const stored = await store.get('mf-blog/abc/remoteEntry.js');
    expect(stored?.bytes.toString()).toBe('one');
    expect(stored?.etag).toBe(etagOf(Buffer.from('one')));
    // No temporary file is left anywhere a reader or a listing would see it.
    expect(await store.list('')).toEqual(['mf-blog/abc/remoteEntry.js']);
    expect(await fs.readdir(path.join(root, '.store/tmp'))).toEqual([]);
  });

  it('gives one of many simultaneous writers of a key the key, and the others false', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        store.putIfAbsent('builds/meta/x.json', Buffer.from(`writer ${index}`)),
      ),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const winner = outcomes.indexOf(true);
    expect((await store.get('builds/meta/x.json'))?.bytes.toString()).toBe(`writer ${winner}`);
  });

  it('swaps a pointer only from the etag it was read at', async () => {
    const first = await store.putIfMatch('builds/latest.json', Buffer.from('{"id":"a"}'), null);
    expect(first).toBe(etagOf(Buffer.from('{"id":"a"}')));
    await expect(store.putIfMatch('builds/latest.json', Buffer.from('{"id":"b"}'), null)).rejects.toThrow(
      PreconditionFailed,
    );
    const second = await store.putIfMatch('builds/latest.json', Buffer.from('{"id":"b"}'), first);
    const stale = store.putIfMatch('builds/latest.json', Buffer.from('{"id":"c"}'), first);
    await expect(stale).rejects.toMatchObject({ key: 'builds/latest.json', found: second });
    expect((await store.get('builds/latest.json'))?.bytes.toString()).toBe('{"id":"b"}');
    // The lock is released after a swap and after a refusal.
    await expect(fs.stat(lockFile('builds/latest.json'))).rejects.toThrow(/ENOENT/);
  });

  it('lists the keys under a prefix, sorted, without its own files', async () => {
    await store.putIfAbsent('builds/meta/b.json', Buffer.from('b'));
    await store.putIfAbsent('builds/meta/a.json', Buffer.from('a'));
    await store.putIfMatch('builds/latest.json', Buffer.from('x'), null);
    await store.putIfAbsent('deploys/releases/production/1.json', Buffer.from('r'));
    expect(await store.list('builds/meta/')).toEqual(['builds/meta/a.json', 'builds/meta/b.json']);
    expect(await store.list('builds/')).toEqual([
      'builds/latest.json',
      'builds/meta/a.json',
      'builds/meta/b.json',
    ]);
    expect(await new LocalOriginStore(path.join(root, 'nowhere')).list('')).toEqual([]);
  });

  it.each(['../outside', '/builds/latest.json', 'builds//x', '.store/locks/x', 'a/../b', ''])(
    'refuses the key %j',
    async (key) => {
      await expect(store.get(key)).rejects.toThrow(/is not a relative path of plain names/);
    },
  );

  it('takes over a lock left by a process that died', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const pid = Number(dead.stdout.toString());
    await fs.mkdir(path.dirname(lockFile('builds/latest.json')), { recursive: true });
    await fs.writeFile(lockFile('builds/latest.json'), `${os.hostname()} ${pid} deadbeef`);
    await store.putIfMatch('builds/latest.json', Buffer.from('after'), null);
    expect((await store.get('builds/latest.json'))?.bytes.toString()).toBe('after');
  });

  it('takes over a lock older than any swap takes, whoever holds it', async () => {
    await fs.mkdir(path.dirname(lockFile('builds/latest.json')), { recursive: true });
    await fs.writeFile(lockFile('builds/latest.json'), `other-host 1 cafebabe`);
    const longAgo = new Date(Date.now() - 60_000);
    await fs.utimes(lockFile('builds/latest.json'), longAgo, longAgo);
    await store.putIfMatch('builds/latest.json', Buffer.from('after'), null);
    expect((await store.get('builds/latest.json'))?.bytes.toString()).toBe('after');
  });

  it('loses no increment when several processes compare-and-swap one object', async () => {
    const workers = await startWorkers(4, root);
    try {
      const answers = await Promise.all(
        [0, 1, 2, 3].map((worker) => workers.run(worker, { type: 'increment', key: 'counter', times: 25 })),
      );
      expect(answers.map((answer) => answer.type)).toEqual(Array(4).fill('incremented'));
      expect((await store.get('counter'))?.bytes.toString()).toBe('100');
    } finally {
      await workers.stop();
    }
  }, 120_000);
});
