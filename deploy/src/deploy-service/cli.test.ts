/**
 * The deploy commands as a team runs them, against a started service: no DEPLOY_TOKEN, so the CLI
 * issues itself a short-lived token of the app's team from the service's state folder.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { readEnvironment } from '../ledger';
import { fakeBuild, makeWorld, writeBuildFolder, type World } from './testing';

const run = promisify(execFile);
let world: World;
let base: string;
beforeAll(async () => {
  world = await makeWorld();
  await world.service.listen({ port: 0, host: '127.0.0.1' });
  const address = world.service.server.address();
  if (!address || typeof address === 'string') throw new Error('The service is not listening on a port.');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(() => world.close());

async function cli(
  args: string[],
  service = base,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    ...process.env,
    DEPLOY_SERVICE: service,
    DEPLOY_STATE_DIR: world.stateDir,
    ORIGIN_DIR: world.store.root,
  };
  delete (env as NodeJS.ProcessEnv).DEPLOY_TOKEN;
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: path.resolve(__dirname, '../..'),
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

it('deploys, shows the history, promotes from preview and rolls back, through the service', async () => {
  const build = fakeBuild('mf_rules', 'cli');
  const dist = path.join(world.root, 'dist-rules');
  await writeBuildFolder(build, dist);

  const deployed = await cli(['deploy', 'mf-rules', '--dist', dist]);
  expect(deployed).toMatchObject({ code: 0, stderr: '' });
  expect(deployed.stdout).toContain(`Uploaded mf-rules ${build.version}: 3 files sent, 0 already there.`);
  expect(deployed.stdout).toContain(`Deployed mf-rules ${build.version} to production: build`);
  expect((await readEnvironment(world.store, 'production'))?.meta.apps.mf_rules.version).toBe(build.version);

  const again = await cli(['deploy', 'mf-rules', '--dist', dist]);
  expect(again.stdout).toContain('0 files sent, 3 already there.');
  expect(again.stdout).toContain(`mf-rules ${build.version} was already live in production`);

  const history = await cli(['history', 'mf-rules']);
  expect(history.code).toBe(0);
  expect(history.stdout).toMatch(
    new RegExp(`deploy +mf-rules ${world.published.mf_rules.version} → ${build.version} +by rules`),
  );

  const preview = fakeBuild('mf_rules', 'preview');
  await writeBuildFolder(preview, path.join(world.root, 'dist-preview'));
  expect(
    (await cli(['deploy', 'mf-rules', '--env', 'preview', '--dist', path.join(world.root, 'dist-preview')]))
      .code,
  ).toBe(0);
  expect((await readEnvironment(world.store, 'production'))?.meta.apps.mf_rules.version).toBe(build.version);
  const promoted = await cli(['promote', 'mf-rules', '--from', 'preview']);
  expect(promoted).toMatchObject({ code: 0 });
  expect((await readEnvironment(world.store, 'production'))?.meta.apps.mf_rules.version).toBe(
    preview.version,
  );

  const rolledBack = await cli(['rollback', 'mf-rules']);
  expect(rolledBack.stdout).toContain(`Rolled mf-rules back to ${build.version} in production`);
  expect((await readEnvironment(world.store, 'production'))?.meta.apps.mf_rules.version).toBe(build.version);

  const builds = await cli(['builds']);
  expect(builds.stdout).toContain(`mf_rules       ${build.version}`);
}, 120_000);

it('starts a canary judged as its flags say', async () => {
  const build = fakeBuild('mf_blog', 'canary-flags');
  const dist = path.join(world.root, 'dist-blog-canary');
  await writeBuildFolder(build, dist);
  const started = await cli([
    'deploy',
    'mf-blog',
    '--dist',
    dist,
    '--canary',
    '10',
    '--window',
    '30',
    '--margin',
    '1',
    '--min-views',
    '200',
  ]);
  expect(started).toMatchObject({ code: 0, stderr: '' });
  expect(started.stdout).toContain(`Canary of mf-blog ${build.version} for 10% of visitors`);
  expect((await readEnvironment(world.store, 'production'))?.pointer.canary).toMatchObject({
    app: 'mf_blog',
    percent: 10,
    windowMs: 1_800_000,
    margin: 0.01,
    minViews: 200,
  });
}, 120_000);

it('says a refusal with the service’s message and exit code 1', async () => {
  const refused = await cli(['rollback', 'mf-blog', '--to', '0123456789']);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/mf-blog was never live at 0123456789/);
}, 60_000);

it('says how to start the service when none answers', async () => {
  const closed = await cli(['builds'], 'http://127.0.0.1:9');
  expect(closed.code).toBe(1);
  expect(closed.stderr).toMatch(
    /No deploy service answers at http:\/\/127\.0\.0\.1:9 .*start it with npm start or npm run deploy-service/,
  );
}, 60_000);
