import { APP_NAMES, type AppEntry, type AppName } from '@arttoy/shared/contracts';
import { distDir, originDir } from './origin';
import { publishApp, writeBuild } from './publish';

async function publishAll(): Promise<void> {
  const apps = {} as Record<AppName, AppEntry>;
  for (const app of APP_NAMES) apps[app] = await publishApp(app, distDir(app));
  const { meta, changed } = await writeBuild(apps);
  console.log(`${changed ? 'Published' : 'Unchanged'} build ${meta.id} in ${originDir()}`);
  for (const app of APP_NAMES) console.log(`  ${app.padEnd(14)} ${meta.apps[app].version}  ${meta.apps[app].entry}`);
}

const COMMANDS: Record<string, () => Promise<void>> = { 'publish-all': publishAll };

const command = process.argv[2] ?? '';
const run = COMMANDS[command];
if (!run) {
  console.error(`Unknown command "${command}". Commands: ${Object.keys(COMMANDS).join(', ')}.`);
  process.exit(2);
}
run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
