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
//   --help (-h), alone or after a command, says how to use it (cli-args.ts); a mistake in the
//   command line exits 2 with the usage, a failed command 1.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { APP_NAMES, appFolder, type AppEntry, type AppName, type BuildMeta } from '@arttoy/shared/contracts';
import { distDir, originDir, REPO_ROOT } from './origin';
import { publishApp, readLatestBuild, writeBuild } from './publish';
import { renderNginxConfig } from './nginx-config';
import { buildHistory, deployApp, rollbackApp, rollbackTo } from './releases';
import { type CliCommand, parseCommandLine } from './cli-args';

function printBuild(meta: BuildMeta, headline: string): void {
  console.log(`${headline} ${meta.id} in ${originDir()}`);
  for (const app of APP_NAMES)
    console.log(`  ${app.padEnd(14)} ${meta.apps[app].version}  ${meta.apps[app].entry}`);
}

async function publishAll(): Promise<void> {
  const apps = {} as Record<AppName, AppEntry>;
  for (const app of APP_NAMES) apps[app] = await publishApp(app, distDir(app));
  const { meta, changed } = await writeBuild(apps);
  printBuild(meta, changed ? 'Published build' : 'Unchanged build');
}

async function deploy(command: Extract<CliCommand, { command: 'deploy' }>): Promise<void> {
  const { app, dist } = command;
  if (command.build) {
    const result = spawnSync('npm', ['run', 'build', '-w', appFolder(app)], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`The build of ${appFolder(app)} failed; nothing was published.`);
  }
  const { meta, changed } = await deployApp(app, dist ? path.resolve(dist) : distDir(app));
  printBuild(
    meta,
    changed ? `Deployed ${appFolder(app)}: build` : `${appFolder(app)} is unchanged; still build`,
  );
}

async function rollback(command: Extract<CliCommand, { command: 'rollback' }>): Promise<void> {
  if ('to' in command) {
    printBuild(await rollbackTo(command.to), 'Live again: build');
    return;
  }
  const { meta, restored } = await rollbackApp(command.app);
  printBuild(meta, `Rolled back to ${restored.version}: build`);
}

async function listBuilds(): Promise<void> {
  const live = await readLatestBuild();
  for (const build of await buildHistory()) {
    const versions = APP_NAMES.map((app) => `${appFolder(app)}@${build.apps[app].version}`).join(' ');
    console.log(
      `${build.id === live?.id ? '*' : ' '} ${build.id}  ${new Date(build.timestamp).toISOString()}  ${versions}`,
    );
  }
}

async function nginxConfig(command: Extract<CliCommand, { command: 'nginx-config' }>): Promise<void> {
  const config = await renderNginxConfig({
    originDir: path.resolve(command.origin ?? originDir()),
    port: command.port ?? 8080,
    upstream: command.upstream ?? '127.0.0.1:3000',
    runDir: path.resolve(command.runDir ?? '/run/arttoy'),
  });
  process.stdout.write(config);
}

function run(command: CliCommand): Promise<void> {
  switch (command.command) {
    case 'publish-all':
      return publishAll();
    case 'deploy':
      return deploy(command);
    case 'rollback':
      return rollback(command);
    case 'builds':
      return listBuilds();
    case 'nginx-config':
      return nginxConfig(command);
  }
}

const parsed = parseCommandLine(process.argv.slice(2));
if ('help' in parsed) {
  console.log(parsed.help);
} else if ('mistake' in parsed) {
  console.error(`${parsed.mistake}\n\n${parsed.usage}`);
  process.exitCode = 2;
} else {
  run(parsed.run).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
