/**
 * 20 deploys at once, through HTTP: 5 remotes, each by its own team with its own token, 4 versions
 * each. Every deploy must land in the history and the live manifest must end with each remote's last
 * deployed version: with the old read-modify-rename of latest.json, deploys of different remotes undid
 * each other.
 */
import { REMOTE_NAMES, type RemoteName } from '@arttoy/shared/contracts';
import { readEnvironment, history, type Release } from '../ledger';
import { fakeBuild, makeWorld, storeBuild, type World } from './testing';

const TEAM_OF: Record<RemoteName, string> = {
  mf_gallery: 'gallery',
  mf_blog: 'blog',
  mf_mysterybox: 'mysterybox',
  mf_account: 'account',
  mf_rules: 'rules',
};

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

it('lands 20 deploys of 5 remotes by 5 teams at once: all recorded, none lost, each remote at its last version', async () => {
  const deploys = REMOTE_NAMES.flatMap((app) =>
    [1, 2, 3, 4].map((n) => ({ app, build: fakeBuild(app, `v${n}`) })),
  );
  for (const { build } of deploys) await storeBuild(world.store, build, TEAM_OF[build.app as RemoteName]);

  const answers = await Promise.all(
    deploys.map(async ({ app, build }) => {
      const response = await fetch(`${base}/v1/environments/production/deploys`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${world.tokens[TEAM_OF[app]]}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ app, version: build.version }),
      });
      return { status: response.status, body: (await response.json()) as { release: Release } };
    }),
  );
  expect(answers.map((answer) => answer.status)).toEqual(deploys.map(() => 200));

  const releases = await history(world.store, 'production', { limit: 100 });
  const deployed = releases.filter((release) => release.kind === 'deploy');
  expect(deployed.map((release) => release.id).toSorted()).toEqual(
    answers.map((answer) => answer.body.release.id).toSorted(),
  );
  expect(deployed.map((release) => `${release.app}@${release.to}`).toSorted()).toEqual(
    deploys.map(({ app, build }) => `${app}@${build.version}`).toSorted(),
  );
  for (const release of deployed) expect(release.by).toBe(TEAM_OF[release.app as RemoteName]);

  const live = await readEnvironment(world.store, 'production');
  for (const app of REMOTE_NAMES) {
    // History is newest first: the first deploy of an app in it is the last that landed.
    const last = deployed.find((release) => release.app === app);
    expect(live?.meta.apps[app].version).toBe(last?.to);
  }
  expect(live?.meta.apps.shell).toEqual(world.published.shell);
  expect(live?.pointer.revision).toBe(21);
}, 120_000);
