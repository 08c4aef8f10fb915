/** Stops what globalSetup started and removes the PGlite template. */
import fs from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const run = globalThis.arttoyApiTestRun;
  if (!run) return;
  await run.emulator.stop();
  if (run.tempRoot) fs.rmSync(run.tempRoot, { recursive: true, force: true });
  globalThis.arttoyApiTestRun = undefined;
}
