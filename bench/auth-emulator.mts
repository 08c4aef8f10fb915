// The Auth emulator for the API half of the benchmark, started at the beginning of `npm run bench`
// so its start-up overlaps the builds instead of adding to the run. Prints its host, then runs
// until stopped. Usage: tsx bench/auth-emulator.mts
import path from 'node:path';
import { startAuthEmulator } from '@arttoy/api/test/auth-emulator';

const emulator = await startAuthEmulator(path.resolve(import.meta.dirname, '..'));
console.log(`AUTH_EMULATOR_HOST=${emulator.host}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void emulator.stop().then(() => process.exit(0)));
