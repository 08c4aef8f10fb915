// The deploy tool. publish-all and nginx-config work on the origin folder; every other command is a
// client of the deploy service (deploy-service/, DEPLOY_SERVICE, default http://127.0.0.1:3100).
//   npm run build                          builds every app and publishes them all (publish-all)
//   npm run deploy -- mf-gallery           builds mf-gallery, uploads it, makes it live in production
//   npm run deploy -- mf-gallery --env preview      … in the preview environment (or any named one)
//   npm run deploy -- mf-gallery --canary 10        … for 10% of visitors first (production)
//   npm run deploy -- mf-gallery --no-build         uploads the existing mf-gallery/dist
//   npm run deploy -- mf-gallery --dist DIR         uploads a build made elsewhere (CI artefact)
//   npm run promote -- mf-gallery --from preview    makes preview's (or the canary's) version live
//   npm run rollback -- mf-gallery [--env …] [--to VERSION]   puts back the previous (or that) version
//   npm run rollback -- --to <buildId>     makes an earlier build of the whole site live again
//   npm run builds [-- --env …]            the live build and the builds before it
//   npm run deploy:history -- [mf-gallery] [--env …]   who changed what, when, from which version
//   npm run preview-link                   a signed link to the site with preview's versions
//   npm run nginx:config -- --port 8080 --upstream 127.0.0.1:3000 --run-dir /run/arttoy
//                                          prints the nginx configuration for this origin
//   --help (-h), alone or after a command, says how to use it (cli-args.ts); a mistake in the
//   command line exits 2 with the usage, a failed command 1.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { APP_NAMES, appFolder, type AppEntry, type AppName, type BuildMeta } from '@arttoy/shared/contracts';
import { deployEnvironment } from './config';
import { distDir, originDir, REPO_ROOT } from './origin';
import { publishApp, writeBuild } from './publish';
import { renderNginxConfig } from './nginx-config';
import { type CliCommand, parseCommandLine } from './cli-args';
import { connect, ServiceRefusal, uploadBuild } from './deploy-service/client';
import type { Release } from './ledger';

function printBuild(meta: BuildMeta, headline: string): void {
  console.log(`${headline} ${meta.id}`);
  for (const app of APP_NAMES)
    console.log(`  ${app.padEnd(14)} ${meta.apps[app].version}  ${meta.apps[app].entry}`);
}

function describeRelease(release: Release): string {
  const what = release.app
    ? `${appFolder(release.app)} ${release.from ?? '—'} → ${release.to ?? '—'}`
    : 'whole site';
  const extra = [release.percent === undefined ? '' : `${release.percent}%`, release.reason ?? '']
    .filter(Boolean)
    .join(', ');
  return `${new Date(release.at).toISOString()}  ${release.kind.padEnd(15)} ${what.padEnd(34)} by ${release.by.padEnd(10)} build ${release.buildId}  release ${release.id}${extra ? `  (${extra})` : ''}`;
}

async function publishAll(): Promise<void> {
  const apps = {} as Record<AppName, AppEntry>;
  for (const app of APP_NAMES) apps[app] = await publishApp(app, distDir(app));
  const { meta, changed } = await writeBuild(apps);
  printBuild(meta, changed ? `Published in ${originDir()}: build` : `Unchanged in ${originDir()}: build`);
}

interface EnvironmentAnswer {
  env: string;
  pointer: { id: string; canary?: { app: AppName; id: string; percent: number } };
  meta: BuildMeta;
}

async function deploy(command: Extract<CliCommand, { command: 'deploy' }>): Promise<void> {
  const { app, dist, env } = command;
  // Before the build: a missing service or a refused token is said at once, not after minutes of webpack.
  const client = await connect(deployEnvironment(), app);
  const live = await client
    .request<EnvironmentAnswer>('GET', `/v1/environments/${env}`)
    .catch((error: unknown) => {
      // A new environment starts from production's build; production itself needs npm run build first.
      if (error instanceof ServiceRefusal && error.status === 404 && env !== 'production') return null;
      throw error;
    });
  if (command.build) {
    const result = spawnSync('npm', ['run', 'build', '-w', appFolder(app)], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
    if (result.status !== 0) throw new Error(`The build of ${appFolder(app)} failed; nothing was uploaded.`);
  }
  const { record, integrity, uploaded, skipped } = await uploadBuild(
    client,
    app,
    dist ? path.resolve(dist) : distDir(app),
  );
  console.log(
    `Uploaded ${appFolder(app)} ${record.version}: ${uploaded} files sent, ${skipped} already there.`,
  );
  const { version } = record;
  if (command.canary !== undefined) {
    const { release } = await client.request<{ release: Release }>('POST', '/v1/canary', {
      app,
      version,
      integrity,
      percent: command.canary,
      ...command.judge,
    });
    console.log(
      `Canary of ${appFolder(app)} ${version} for ${command.canary}% of visitors: ${describeRelease(release)}`,
    );
    console.log(`Promote it with: npm run promote -- ${appFolder(app)} --from canary`);
    return;
  }
  const expect = live?.meta.apps[app].version;
  const { release, build, changed } = await client.request<{
    release: Release;
    build: BuildMeta;
    changed: boolean;
  }>('POST', `/v1/environments/${env}/deploys`, {
    app,
    version,
    integrity,
    ...(expect ? { expect } : {}),
  });
  printBuild(
    build,
    changed
      ? `Deployed ${appFolder(app)} ${version} to ${env}: build`
      : `${appFolder(app)} ${version} was already live in ${env}: build`,
  );
  if (changed) console.log(describeRelease(release));
  if (env === 'preview')
    console.log(
      `A link to it: npm run preview-link; make it live: npm run promote -- ${appFolder(app)} --from preview`,
    );
}

async function promote(command: Extract<CliCommand, { command: 'promote' }>): Promise<void> {
  const client = await connect(deployEnvironment(), command.app);
  const { release, build } = await client.request<{ release: Release; build: BuildMeta }>(
    'POST',
    '/v1/promotions',
    {
      app: command.app,
      from: command.from,
    },
  );
  printBuild(build, `Promoted ${appFolder(command.app)} from ${command.from} to production: build`);
  console.log(describeRelease(release));
}

async function rollback(command: Extract<CliCommand, { command: 'rollback' }>): Promise<void> {
  if ('build' in command) {
    const client = await connect(deployEnvironment(), 'shell');
    const { build } = await client.request<{ build: BuildMeta }>(
      'POST',
      `/v1/environments/${command.env}/rollbacks`,
      {
        build: command.build,
      },
    );
    printBuild(build, `Live again in ${command.env}: build`);
    return;
  }
  const client = await connect(deployEnvironment(), command.app);
  const { build, restored } = await client.request<{
    release: Release;
    build: BuildMeta;
    restored: AppEntry;
  }>('POST', `/v1/environments/${command.env}/rollbacks`, {
    app: command.app,
    ...(command.to ? { to: command.to } : {}),
  });
  printBuild(build, `Rolled ${appFolder(command.app)} back to ${restored.version} in ${command.env}: build`);
}

async function listBuilds(command: Extract<CliCommand, { command: 'builds' }>): Promise<void> {
  const client = await connect(deployEnvironment());
  const live = await client.request<EnvironmentAnswer>('GET', `/v1/environments/${command.env}`);
  printBuild(live.meta, `Live in ${command.env}: build`);
  if (live.pointer.canary)
    console.log(
      `  canary: ${appFolder(live.pointer.canary.app)} for ${live.pointer.canary.percent}% (build ${live.pointer.canary.id})`,
    );
  const { releases } = await client.request<{ releases: Release[] }>(
    'GET',
    `/v1/environments/${command.env}/history?limit=50`,
  );
  if (releases.length > 0) console.log('Builds, newest first:');
  for (const release of releases)
    console.log(
      `${release.buildId === live.pointer.id ? '*' : ' '} ${release.buildId}  ${new Date(release.at).toISOString()}  ${release.kind} ${release.app ? `${appFolder(release.app)}@${release.to ?? ''}` : ''}`,
    );
}

async function history(command: Extract<CliCommand, { command: 'history' }>): Promise<void> {
  const client = await connect(deployEnvironment(), command.app);
  const query = command.app ? `?app=${command.app}` : '';
  const { releases } = await client.request<{ releases: Release[] }>(
    'GET',
    `/v1/environments/${command.env}/history${query}`,
  );
  if (releases.length === 0)
    console.log(
      `No changes recorded in ${command.env}${command.app ? ` for ${appFolder(command.app)}` : ''}.`,
    );
  for (const release of releases) console.log(describeRelease(release));
}

async function previewLink(command: Extract<CliCommand, { command: 'preview-link' }>): Promise<void> {
  const client = await connect(deployEnvironment());
  const { url, expiresAt } = await client.request<{ url: string; expiresAt: number }>(
    'POST',
    '/v1/previews/links',
    {
      ttlSeconds: command.hours * 3600,
    },
  );
  console.log(url);
  console.error(`Valid until ${new Date(expiresAt).toISOString()}.`);
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
    case 'promote':
      return promote(command);
    case 'rollback':
      return rollback(command);
    case 'builds':
      return listBuilds(command);
    case 'history':
      return history(command);
    case 'preview-link':
      return previewLink(command);
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
