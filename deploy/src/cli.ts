// The deploy tool: publish the whole site, or deploy / roll back one app while the site stays up.
//   npm run build                      builds every app and publishes them all (publish-all)
//   npm run deploy -- mf-gallery       builds mf-gallery alone, publishes it, makes it live
//   npm run deploy -- mf-gallery --no-build   publishes the existing mf-gallery/dist
//   npm run deploy -- mf-gallery --dist DIR   publishes a build made elsewhere (CI artefact)
//   npm run rollback -- mf-gallery     puts back the previous version of mf-gallery
//   npm run rollback -- --to <buildId> makes an earlier build of the whole site live
//   npm run builds                     lists the builds, the live one marked
//   npm run nginx:config -- --port 8080 --upstream 127.0.0.1:3000 --run-dir /run/arttoy
//                                      prints the nginx configuration for this origin
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { APP_NAMES, appFolder, type AppEntry, type AppName, type BuildMeta } from '@arttoy/shared/contracts';
import { distDir, originDir, REPO_ROOT } from './origin';
import { publishApp, readLatestBuild, writeBuild } from './publish';
import { renderNginxConfig } from './nginx-config';
import { buildHistory, deployApp, parseAppName, rollbackApp, rollbackTo } from './releases';

function printBuild(meta: BuildMeta, headline: string): void {
  console.log(`${headline} ${meta.id} in ${originDir()}`);
  for (const app of APP_NAMES) console.log(`  ${app.padEnd(14)} ${meta.apps[app].version}  ${meta.apps[app].entry}`);
}

async function publishAll(): Promise<void> {
  const apps = {} as Record<AppName, AppEntry>;
  for (const app of APP_NAMES) apps[app] = await publishApp(app, distDir(app));
  const { meta, changed } = await writeBuild(apps);
  printBuild(meta, changed ? 'Published build' : 'Unchanged build');
}

function optionValue(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index < 0) return undefined;
  const value = args[index + 1];
  if (!value || value.startsWith('--')) throw new Error(`${name} needs a value.`);
  return value;
}

async function deploy(args: string[]): Promise<void> {
  const dist = optionValue(args, '--dist');
  const app = parseAppName(args.find((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--dist'));
  if (!dist && !args.includes('--no-build')) {
    const result = spawnSync('npm', ['run', 'build', '-w', appFolder(app)], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`The build of ${appFolder(app)} failed; nothing was published.`);
  }
  const { meta, changed } = await deployApp(app, dist ? path.resolve(dist) : distDir(app));
  printBuild(meta, changed ? `Deployed ${appFolder(app)}: build` : `${appFolder(app)} is unchanged; still build`);
}

async function rollback(args: string[]): Promise<void> {
  const toIndex = args.indexOf('--to');
  if (toIndex >= 0) {
    const buildId = args[toIndex + 1];
    if (!buildId) throw new Error('Usage: npm run rollback -- --to <buildId>');
    printBuild(await rollbackTo(buildId), 'Live again: build');
    return;
  }
  const { meta, restored } = await rollbackApp(parseAppName(args[0]));
  printBuild(meta, `Rolled back to ${restored.version}: build`);
}

async function listBuilds(): Promise<void> {
  const live = await readLatestBuild();
  for (const build of await buildHistory()) {
    const versions = APP_NAMES.map((app) => `${appFolder(app)}@${build.apps[app].version}`).join(' ');
    console.log(`${build.id === live?.id ? '*' : ' '} ${build.id}  ${new Date(build.timestamp).toISOString()}  ${versions}`);
  }
}

async function nginxConfig(args: string[]): Promise<void> {
  const config = await renderNginxConfig({
    originDir: path.resolve(optionValue(args, '--origin') ?? originDir()),
    port: Number(optionValue(args, '--port') ?? 8080),
    upstream: optionValue(args, '--upstream') ?? '127.0.0.1:3000',
    runDir: path.resolve(optionValue(args, '--run-dir') ?? '/run/arttoy'),
  });
  process.stdout.write(config);
}

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = {
  'publish-all': publishAll,
  deploy,
  rollback,
  builds: listBuilds,
  'nginx-config': nginxConfig,
};

const [command = '', ...rest] = process.argv.slice(2);
const run = COMMANDS[command];
if (!run) {
  console.error(`Unknown command "${command}". Commands: ${Object.keys(COMMANDS).join(', ')}.`);
  process.exit(2);
}
run(rest).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
