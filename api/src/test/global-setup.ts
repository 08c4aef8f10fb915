/**
 * Jest globalSetup of the `api` project: starts the Firebase Auth emulator and, on PGlite, builds
 * the migrated and seeded template data directory every test file copies; on PostgreSQL, drops
 * test databases a crashed run left behind. Both at once: each takes several seconds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/connect';
import { migrateDatabase } from '../db/migrate';
import { seedCatalogue } from '../seed/seed';
import { type RunningEmulator, startAuthEmulator } from './auth-emulator';
import { dropStaleTestDatabases, postgresUrl, TEMPLATE_DIR_ENV } from './test-database';

export interface ApiTestRun {
  emulator: RunningEmulator;
  tempRoot: string | null;
}

declare global {
  var arttoyApiTestRun: ApiTestRun | undefined;
}

async function buildTemplate(dataDir: string): Promise<void> {
  const database = await openDatabase({ engine: 'pglite', dataDir });
  try {
    await migrateDatabase(database);
    await seedCatalogue(database.db);
  } finally {
    await database.close();
  }
}

export default async function globalSetup(): Promise<void> {
  const repoRoot = path.resolve(__dirname, '../../..');
  const server = postgresUrl();
  const tempRoot = server ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-api-template-'));
  const [emulatorResult, databaseResult] = await Promise.allSettled([
    startAuthEmulator(repoRoot),
    tempRoot ? buildTemplate(path.join(tempRoot, 'pglite')) : dropStaleTestDatabases(server as string),
  ]);
  if (emulatorResult.status === 'rejected' || databaseResult.status === 'rejected') {
    if (emulatorResult.status === 'fulfilled') await emulatorResult.value.stop();
    if (tempRoot) fs.rmSync(tempRoot, { recursive: true, force: true });
    throw emulatorResult.status === 'rejected'
      ? emulatorResult.reason
      : (databaseResult as PromiseRejectedResult).reason;
  }
  const emulator = emulatorResult.value;
  // Workers start after globalSetup and inherit these.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  if (tempRoot) process.env[TEMPLATE_DIR_ENV] = path.join(tempRoot, 'pglite');
  globalThis.arttoyApiTestRun = { emulator, tempRoot };
}
