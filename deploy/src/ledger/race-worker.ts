/**
 * A deploy pipeline in a process of its own, for the concurrency tests (ledger-races.test.ts,
 * origin-store/local.test.ts, origin-store/concurrent-deploys.test.ts): it works on the folder
 * origin named by its first argument (without one: the origin its environment names, a bucket) and
 * takes commands over IPC, answering each with its outcome. Nothing here is shared with the test's
 * process but the origin, so the compare-and-swap is tested across processes.
 */
import { appFolder, type AppName } from '@arttoy/shared/contracts';
import { deployEnvironment } from '../config';
import { originStoreFromEnv } from '../origin-store/from-env';
import { LocalOriginStore } from '../origin-store/local';
import { PreconditionFailed } from '../origin-store/store';
import { deployVersion, LostRace, PRODUCTION } from './index';

export type WorkerCommand =
  | {
      type: 'deploy';
      id: number;
      app: AppName;
      version: string;
      expect: string;
      by: string;
      /** Deploy again while the version live is one that comes before `expect` (a team's earlier deploy still in flight). */
      waitFor?: string[];
    }
  | { type: 'increment'; id: number; key: string; times: number };

export type WorkerAnswer =
  | { type: 'ready' }
  | { type: 'deployed'; id: number; release: string; lostRaces: number }
  | { type: 'lost'; id: number; found: string; release: string | null }
  | { type: 'incremented'; id: number; conflicts: number }
  | { type: 'failed'; id: number; message: string };

const store = process.argv[2]
  ? new LocalOriginStore(process.argv[2])
  : originStoreFromEnv(deployEnvironment());
const send = (answer: WorkerAnswer): void => void process.send!(answer);

async function deploy(command: Extract<WorkerCommand, { type: 'deploy' }>): Promise<WorkerAnswer> {
  const entry = {
    version: command.version,
    entry: `/${appFolder(command.app)}/${command.version}/remoteEntry.js`,
  };
  for (let lostRaces = 0; ; lostRaces += 1) {
    try {
      const { release } = await deployVersion(store, {
        env: PRODUCTION,
        app: command.app,
        entry,
        expect: command.expect,
        by: command.by,
      });
      return { type: 'deployed', id: command.id, release: release!.id, lostRaces };
    } catch (error) {
      if (!(error instanceof LostRace)) throw error;
      if (!command.waitFor?.includes(error.found))
        return { type: 'lost', id: command.id, found: error.found, release: error.release };
      // The version this one follows is not live yet: its deploy is still in flight.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }
}

/** Adds one to a counter object `times` times, each by compare-and-swap, retrying when it moved. */
async function increment(command: Extract<WorkerCommand, { type: 'increment' }>): Promise<WorkerAnswer> {
  let conflicts = 0;
  for (let done = 0; done < command.times;) {
    const current = await store.get(command.key);
    const value = current ? Number(current.bytes.toString()) : 0;
    try {
      await store.putIfMatch(command.key, Buffer.from(String(value + 1)), current?.etag ?? null);
      done += 1;
    } catch (error) {
      if (!(error instanceof PreconditionFailed)) throw error;
      conflicts += 1;
    }
  }
  return { type: 'incremented', id: command.id, conflicts };
}

process.on('message', (command: WorkerCommand) => {
  (command.type === 'deploy' ? deploy(command) : increment(command)).then(send, (error: unknown) =>
    send({ type: 'failed', id: command.id, message: error instanceof Error ? error.message : String(error) }),
  );
});
send({ type: 'ready' });
