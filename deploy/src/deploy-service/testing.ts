/**
 * For the deploy service's tests: a world in a temporary folder (a folder origin, a state folder, the
 * repository's teams), a token per team, small fake builds, and production published with one
 * version of every app, as `npm run build` leaves it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { APP_NAMES, type AppEntry, type AppName, type BuildContract } from '@arttoy/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { publishBuild } from '../ledger';
import { entryFile } from '../origin';
import { LocalOriginStore } from '../origin-store/local';
import { createDeployService } from './service';
import { loadTeams, type Teams } from './teams';
import { issueToken } from './tokens';
import { contentVersionOf, sealVersion, uploadFile } from './versions';

export interface FakeBuild {
  app: AppName;
  version: string;
  files: { path: string; bytes: Buffer }[];
}

/** A build of `app` whose content (so version) depends on `seed`; with a brotli copy of its entry like a real one. */
export function fakeBuild(app: AppName, seed: string, contract?: Omit<BuildContract, 'app'>): FakeBuild {
  const entry = Buffer.from(`/* ${app} ${seed} */ var ${app} = {};\n`);
  const files = [
    { path: entryFile(app), bytes: entry },
    { path: `${entryFile(app)}.br`, bytes: brotliCompressSync(entry) },
    { path: `chunks/page.${seed}.js`, bytes: Buffer.from(`console.log(${JSON.stringify(seed)});\n`) },
  ];
  // What the build says it needs from the shell (and the shell provides), as contract-plugin.mjs writes it.
  if (contract)
    files.push({ path: 'contract.json', bytes: Buffer.from(JSON.stringify({ app, ...contract })) });
  return { app, version: contentVersionOf(files), files };
}

export async function writeBuildFolder(build: FakeBuild, dir: string): Promise<void> {
  for (const file of build.files) {
    await fs.mkdir(path.dirname(path.join(dir, file.path)), { recursive: true });
    await fs.writeFile(path.join(dir, file.path), file.bytes);
  }
}

export interface World {
  root: string;
  store: LocalOriginStore;
  stateDir: string;
  teams: Teams;
  service: FastifyInstance;
  /** One valid token per team of deploy/teams.json. */
  tokens: Record<string, string>;
  /** The entry of every app as first published. */
  published: Record<AppName, AppEntry>;
  close(): Promise<void>;
}

/** Uploads and seals a build straight into the store (no HTTP): what a finished upload leaves. */
export async function storeBuild(store: LocalOriginStore, build: FakeBuild, by = 'build'): Promise<AppEntry> {
  for (const file of build.files)
    await uploadFile(store, { app: build.app, version: build.version, file: file.path, bytes: file.bytes });
  return (await sealVersion(store, { app: build.app, version: build.version, by })).record.entry;
}

export async function makeWorld(): Promise<World> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-deploy-service-'));
  const store = new LocalOriginStore(path.join(root, 'origin'));
  await fs.mkdir(store.root, { recursive: true });
  const stateDir = path.join(root, 'state');
  const teams = await loadTeams();
  const tokens: Record<string, string> = {};
  for (const team of teams.names()) tokens[team] = (await issueToken(stateDir, { team })).token;
  const published = {} as Record<AppName, AppEntry>;
  for (const app of APP_NAMES) published[app] = await storeBuild(store, fakeBuild(app, 'first'));
  await publishBuild(store, published, 'build');
  const service = await createDeployService({ store, teams, stateDir });
  return {
    root,
    store,
    stateDir,
    teams,
    service,
    tokens,
    published,
    async close() {
      await service.close();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}
