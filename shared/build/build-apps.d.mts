// Types of the build runner (build-apps.mjs), for TypeScript callers such as its tests.

export const APPS: string[];

export function parseBuildArgs(
  args: string[],
  cores?: number,
): { help: true } | { help: false; apps: string[]; jobs: number };

export function buildInTurn<R extends { ok: boolean }>(
  apps: string[],
  jobs: number,
  run: (app: string) => { done: Promise<R>; stop: () => void },
): Promise<Array<{ app: string; outcome: R | 'stopped' | 'not started' }>>;
