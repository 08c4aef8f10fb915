/**
 * Starts race-worker.ts processes for the concurrency tests and talks to them: `run` sends a
 * command to one worker and resolves with its answer.
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { deployEnvironment, type Environment } from '../config';
import { REPO_ROOT } from '../origin';
import { type WorkerAnswer, type WorkerCommand } from './race-worker';

type Command = WorkerCommand extends infer C ? (C extends WorkerCommand ? Omit<C, 'id'> : never) : never;

export interface WorkerPool {
  run(worker: number, command: Command): Promise<Exclude<WorkerAnswer, { type: 'ready' }>>;
  stop(): Promise<void>;
}

/** `origin`: a folder, or the settings that name a bucket origin (ORIGIN_STORE, …), added to this process's environment. */
export async function startWorkers(count: number, origin: string | Environment): Promise<WorkerPool> {
  const pending = new Map<number, (answer: Exclude<WorkerAnswer, { type: 'ready' }>) => void>();
  let nextId = 0;
  const children: ChildProcess[] = [];
  const ready = Array.from({ length: count }, () => {
    const child = fork(
      path.join(import.meta.dirname, 'race-worker.ts'),
      typeof origin === 'string' ? [origin] : [],
      {
        cwd: REPO_ROOT,
        env: typeof origin === 'string' ? deployEnvironment() : { ...deployEnvironment(), ...origin },
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    children.push(child);
    return new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`A race worker exited (${code}) before it was ready.`)));
      child.on('message', (answer: WorkerAnswer) => {
        if (answer.type === 'ready') resolve();
        else pending.get(answer.id)?.(answer);
      });
    });
  });
  await Promise.all(ready);
  return {
    run: (worker, command) =>
      new Promise((resolve) => {
        const id = (nextId += 1);
        pending.set(id, resolve);
        children[worker]!.send({ ...command, id });
      }),
    stop: async () => {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill();
            }),
        ),
      );
    },
  };
}
