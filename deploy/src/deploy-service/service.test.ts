import { brotliCompressSync } from 'node:zlib';
import type { AppName } from '@arttoy/shared/contracts';
import { revokeToken, issueToken } from './tokens';
import { fakeBuild, makeWorld, type FakeBuild, type World } from './testing';

let world: World;
beforeEach(async () => {
  world = await makeWorld();
});
afterEach(() => world.close());

const auth = (team: string) => ({ authorization: `Bearer ${world.tokens[team]}` });

async function upload(build: FakeBuild, team: string): Promise<void> {
  for (const file of build.files) {
    const response = await world.service.inject({
      method: 'PUT',
      url: `/v1/versions/${build.app}/${build.version}/files/${file.path}`,
      headers: { ...auth(team), 'content-type': 'application/octet-stream' },
      payload: file.bytes,
    });
    expect(response.statusCode).toBe(201);
  }
  const sealed = await world.service.inject({
    method: 'POST',
    url: `/v1/versions/${build.app}/${build.version}/seal`,
    headers: auth(team),
    payload: {},
  });
  expect(sealed.statusCode).toBe(201);
}

const deploy = (team: string, body: Record<string, unknown>, env = 'production') =>
  world.service.inject({
    method: 'POST',
    url: `/v1/environments/${env}/deploys`,
    headers: auth(team),
    payload: body,
  });

async function liveVersion(app: AppName, env = 'production'): Promise<string> {
  const response = await world.service.inject({
    method: 'GET',
    url: `/v1/environments/${env}`,
    headers: auth('account'),
  });
  return response.json().meta.apps[app].version;
}

describe('deploys', () => {
  it('refuses a remote the live shell does not fit, naming the dependency and both versions', async () => {
    const shell = fakeBuild('shell', 'fits', {
      needs: { contract: 1, shared: {} },
      provides: { contract: 1, shared: { '@arttoy/shared': '1.0.0' } },
    });
    await upload(shell, 'shell');
    expect((await deploy('shell', { app: 'shell', version: shell.version })).statusCode).toBe(200);
    const before = await liveVersion('mf_rules');
    const rules = fakeBuild('mf_rules', 'misfit', {
      needs: { contract: 1, shared: { '@arttoy/shared': '^2.0.0' } },
    });
    await upload(rules, 'rules');
    const refused = await deploy('rules', { app: 'mf_rules', version: rules.version });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ reason: 'incompatible' });
    expect(refused.json().error.message).toContain(
      `mf_rules ${rules.version} needs @arttoy/shared ^2.0.0; shell ${shell.version} provides 1.0.0.`,
    );
    expect(await liveVersion('mf_rules')).toBe(before);
  });

  it('uploads, seals and deploys a version, recorded with who and from which version', async () => {
    const build = fakeBuild('mf_rules', 'second');
    await upload(build, 'rules');
    const response = await deploy('rules', { app: 'mf-rules', version: build.version });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      changed: true,
      release: {
        kind: 'deploy',
        app: 'mf_rules',
        from: world.published.mf_rules.version,
        to: build.version,
        by: 'rules',
      },
    });
    expect(await liveVersion('mf_rules')).toBe(build.version);
    expect(await liveVersion('mf_gallery')).toBe(world.published.mf_gallery.version);
    const history = await world.service.inject({
      method: 'GET',
      url: '/v1/environments/production/history?app=mf_rules',
      headers: auth('gallery'),
    });
    expect(history.json().releases.map((release: { kind: string }) => release.kind)).toEqual([
      'deploy',
      'publish',
    ]);
  });

  it('deploys to preview without touching production', async () => {
    const build = fakeBuild('mf_blog', 'preview');
    await upload(build, 'blog');
    expect((await deploy('blog', { app: 'mf_blog', version: build.version }, 'preview')).statusCode).toBe(
      200,
    );
    expect(await liveVersion('mf_blog', 'preview')).toBe(build.version);
    expect(await liveVersion('mf_blog')).toBe(world.published.mf_blog.version);
  });

  it('refuses an unknown remote, a bad body and a bad environment with 400, naming the field', async () => {
    const unknown = await deploy('rules', { app: 'mf_shop', version: '0123456789' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ code: 'invalid_request', reason: 'validation_failed' });
    expect(unknown.json().error.message).toMatch(/body\.app: unknown app "mf_shop"/);
    const extra = await deploy('rules', { app: 'mf_rules', version: '0123456789', force: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.message).toMatch(/force/);
    const badVersion = await deploy('rules', { app: 'mf_rules', version: 'latest' });
    expect(badVersion.json().error.message).toMatch(/body\.version: a version is the 10 hex digits/);
    const badEnv = await deploy('rules', { app: 'mf_rules', version: '0123456789' }, 'Prod!');
    expect(badEnv.statusCode).toBe(400);
    expect(badEnv.json().error.message).toMatch(/path\.env/);
    const notJson = await world.service.inject({
      method: 'POST',
      url: '/v1/environments/production/deploys',
      headers: { ...auth('rules'), 'content-type': 'application/json' },
      payload: '{"app":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.code).toBe('invalid_request');
  });

  it('refuses a version that was not uploaded, and an integrity other than the upload’s, with 422', async () => {
    const missing = await deploy('rules', { app: 'mf_rules', version: '0123456789' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error).toMatchObject({ reason: 'not_uploaded' });
    expect(missing.json().error.message).toMatch(/mf-rules 0123456789 is not uploaded/);
    const build = fakeBuild('mf_rules', 'second');
    await upload(build, 'rules');
    const wrong = await deploy('rules', {
      app: 'mf_rules',
      version: build.version,
      integrity: world.published.mf_rules.integrity,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.reason).toBe('integrity_mismatch');
    expect(await liveVersion('mf_rules')).toBe(world.published.mf_rules.version);
  });

  it('refuses another team’s remote with a 403 naming the remote and both teams', async () => {
    const build = fakeBuild('mf_blog', 'second');
    await upload(build, 'blog');
    const response = await deploy('gallery', { app: 'mf_blog', version: build.version });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'forbidden',
      reason: 'wrong_team',
      message: 'Team gallery may not deploy mf-blog (it deploys mf-gallery); team blog deploys mf-blog.',
    });
    const shell = await deploy('gallery', { app: 'shell', version: world.published.shell.version });
    expect(shell.json().error.message).toMatch(/team shell deploys shell/);
  });

  it('answers 401 without a token, with an unknown, expired or revoked one', async () => {
    const none = await world.service.inject({ method: 'GET', url: '/v1/environments/production' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.reason).toBe('no_token');
    const unknown = await world.service.inject({
      method: 'GET',
      url: '/v1/environments/production',
      headers: { authorization: `Bearer arttoy_deploy_${'x'.repeat(43)}` },
    });
    expect(unknown.json().error).toMatchObject({ code: 'unauthenticated', reason: 'token_unknown' });
    const expired = await issueToken(world.stateDir, { team: 'rules', ttlMs: 1, now: Date.now() - 1000 });
    const late = await world.service.inject({
      method: 'GET',
      url: '/v1/environments/production',
      headers: { authorization: `Bearer ${expired.token}` },
    });
    expect(late.json().error.reason).toBe('token_expired');
    const build = fakeBuild('mf_rules', 'second');
    await upload(build, 'rules');
    const { token, record } = await issueToken(world.stateDir, { team: 'rules' });
    world.tokens.rules = token;
    await revokeToken(world.stateDir, record.id);
    const revoked = await deploy('rules', { app: 'mf_rules', version: build.version });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.reason).toBe('token_revoked');
    expect(await liveVersion('mf_rules')).toBe(world.published.mf_rules.version);
  });

  it('orders two deploys of one remote: the one that expected an old version loses with 409 and the version it lost to', async () => {
    const [a, b] = [fakeBuild('mf_gallery', 'a'), fakeBuild('mf_gallery', 'b')];
    await upload(a, 'gallery');
    await upload(b, 'gallery');
    const expect0 = world.published.mf_gallery.version;
    const [first, second] = await Promise.all([
      deploy('gallery', { app: 'mf_gallery', version: a.version, expect: expect0 }),
      deploy('gallery', { app: 'mf_gallery', version: b.version, expect: expect0 }),
    ]);
    const statuses = [first.statusCode, second.statusCode].toSorted();
    expect(statuses).toEqual([200, 409]);
    const [won, lost] = first.statusCode === 200 ? [first, second] : [second, first];
    const winner = won.json().release;
    expect(lost.json().error).toMatchObject({
      code: 'conflict',
      reason: 'lost_race',
      details: { app: 'mf_gallery', expected: expect0, found: winner.to, release: winner.id },
    });
    expect(await liveVersion('mf_gallery')).toBe(winner.to);
  });

  it('answers unknown paths in JSON', async () => {
    const response = await world.service.inject({
      method: 'GET',
      url: '/v1/nothing',
      headers: auth('rules'),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});

describe('uploads', () => {
  const put = (app: string, version: string, file: string, bytes: Buffer, team = 'rules') =>
    world.service.inject({
      method: 'PUT',
      url: `/v1/versions/${app}/${version}/files/${file}`,
      headers: { ...auth(team), 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
  const seal = (app: string, version: string, team = 'rules') =>
    world.service.inject({
      method: 'POST',
      url: `/v1/versions/${app}/${version}/seal`,
      headers: auth(team),
      payload: {},
    });

  it('keeps files immutable: the same bytes again are fine, other bytes are a 409', async () => {
    const build = fakeBuild('mf_rules', 'second');
    const [file] = build.files;
    expect((await put('mf_rules', build.version, file!.path, file!.bytes)).statusCode).toBe(201);
    expect((await put('mf_rules', build.version, file!.path, file!.bytes)).json()).toEqual({
      path: file!.path,
      created: false,
    });
    const other = await put('mf_rules', build.version, file!.path, Buffer.from('other'));
    expect(other.statusCode).toBe(409);
    expect(other.json().error.reason).toBe('file_exists');
  });

  it('lists what is uploaded, so a client sends only what is missing', async () => {
    const build = fakeBuild('mf_rules', 'second');
    await put('mf_rules', build.version, build.files[0]!.path, build.files[0]!.bytes);
    const listed = await world.service.inject({
      method: 'GET',
      url: `/v1/versions/mf_rules/${build.version}`,
      headers: auth('rules'),
    });
    expect(listed.json()).toMatchObject({ sealed: false, files: [{ path: build.files[0]!.path }] });
  });

  it('seals only a complete, consistent build: the content hash, the entry and the compressed copies', async () => {
    const build = fakeBuild('mf_rules', 'second');
    await put('mf_rules', build.version, build.files[0]!.path, build.files[0]!.bytes);
    const partial = await seal('mf_rules', build.version);
    expect(partial.statusCode).toBe(422);
    expect(partial.json().error.reason).toBe('version_mismatch');

    const stale = fakeBuild('mf_rules', 'stale');
    stale.files[1] = { path: stale.files[1]!.path, bytes: brotliCompressSync(Buffer.from('old code')) };
    const staleBuild = { ...stale, version: (await import('./versions')).contentVersionOf(stale.files) };
    for (const file of staleBuild.files) await put('mf_rules', staleBuild.version, file.path, file.bytes);
    const refused = await seal('mf_rules', staleBuild.version);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toMatch(
      /remoteEntry\.js\.br is not a brotli copy of remoteEntry\.js/,
    );

    const nothing = await seal('mf_rules', '0123456789');
    expect(nothing.json().error.reason).toBe('not_uploaded');
  });

  it('writes the version record with every file, the entry integrity and the build’s needs', async () => {
    const build = fakeBuild('mf_rules', 'second');
    const contract = { app: 'mf_rules', needs: { contract: 1, shared: { react: '^19.0.0' } } };
    build.files.push({ path: 'contract.json', bytes: Buffer.from(JSON.stringify(contract)) });
    const withNeeds = { ...build, version: (await import('./versions')).contentVersionOf(build.files) };
    await upload(withNeeds, 'rules');
    const record = await world.store.get(`deploys/versions/mf-rules/${withNeeds.version}.json`);
    expect(JSON.parse(record!.bytes.toString())).toMatchObject({
      app: 'mf_rules',
      version: withNeeds.version,
      by: 'rules',
      entry: {
        version: withNeeds.version,
        entry: `/mf-rules/${withNeeds.version}/remoteEntry.js`,
        integrity: expect.stringMatching(/^sha384-/),
        needs: { contract: 1, shared: { react: '^19.0.0' } },
      },
      files: expect.arrayContaining([
        expect.objectContaining({ path: 'remoteEntry.js', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }),
      ]),
    });
    const other = fakeBuild('mf_rules', 'third');
    other.files.push({
      path: 'contract.json',
      bytes: Buffer.from('{"app":"mf_blog","needs":{"contract":1,"shared":{}}}'),
    });
    const misnamed = { ...other, version: (await import('./versions')).contentVersionOf(other.files) };
    for (const file of misnamed.files) await put('mf_rules', misnamed.version, file.path, file.bytes);
    const refused = await seal('mf_rules', misnamed.version);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toMatch(
      /contract\.json is the contract of mf_blog, not of mf_rules/,
    );
    const after = await put('mf_rules', withNeeds.version, 'extra.js', Buffer.from('x'));
    expect(after.statusCode).toBe(409);
    expect(after.json().error.reason).toBe('sealed');
  });

  it('refuses a path outside the version and another team’s upload', async () => {
    const build = fakeBuild('mf_rules', 'second');
    const outside = await put('mf_rules', build.version, '..%2F..%2Fbuilds%2Flatest.json', Buffer.from('{}'));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.reason).toBe('invalid_path');
    const hidden = await put('mf_rules', build.version, '.store/lock', Buffer.from('x'));
    expect(hidden.statusCode).toBe(400);
    const foreign = await put('mf_rules', build.version, 'remoteEntry.js', Buffer.from('x'), 'gallery');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toMatch(/Team gallery may not upload mf-rules/);
  });
});

describe('canaries and previews', () => {
  const canary = (team: string, body: Record<string, unknown>) =>
    world.service.inject({ method: 'POST', url: '/v1/canary', headers: auth(team), payload: body });

  it('starts a canary of an uploaded version, which only its team ends', async () => {
    const build = fakeBuild('mf_rules', 'canary');
    await upload(build, 'rules');
    const started = await canary('rules', { app: 'mf_rules', version: build.version, percent: 10 });
    expect(started.statusCode).toBe(200);
    expect(started.json().canary).toMatchObject({
      app: 'mf_rules',
      percent: 10,
      windowMs: 600_000,
      margin: 0.02,
      minViews: 50,
    });
    expect(await liveVersion('mf_rules')).toBe(world.published.mf_rules.version);

    const another = await canary('rules', { app: 'mf_rules', version: build.version, percent: 20 });
    expect(another.statusCode).toBe(409);
    expect(another.json().error.reason).toBe('canary_running');

    const foreign = await world.service.inject({
      method: 'DELETE',
      url: '/v1/canary',
      headers: auth('blog'),
      payload: { reason: 'not mine' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toMatch(/^Team blog may not roll back the canary of mf-rules/);

    const ended = await world.service.inject({
      method: 'DELETE',
      url: '/v1/canary',
      headers: auth('rules'),
      payload: { reason: 'errors on /rules' },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().release).toMatchObject({
      kind: 'canary-rollback',
      reason: 'errors on /rules',
      by: 'rules',
    });
    const none = await world.service.inject({
      method: 'POST',
      url: '/v1/canary/promote',
      headers: auth('rules'),
      payload: {},
    });
    expect(none.statusCode).toBe(409);
  });

  it('promotes a running canary to everyone', async () => {
    const build = fakeBuild('mf_blog', 'canary');
    await upload(build, 'blog');
    expect((await canary('blog', { app: 'mf_blog', version: build.version, percent: 50 })).statusCode).toBe(
      200,
    );
    const promoted = await world.service.inject({
      method: 'POST',
      url: '/v1/promotions',
      headers: auth('blog'),
      payload: { app: 'mf_blog', from: 'canary' },
    });
    expect(promoted.statusCode).toBe(200);
    expect(await liveVersion('mf_blog')).toBe(build.version);
  });

  it('refuses a canary of the shell, or of a share out of 1-100', async () => {
    const shell = await canary('shell', {
      app: 'shell',
      version: world.published.shell.version,
      percent: 10,
    });
    expect(shell.statusCode).toBe(400);
    expect(shell.json().error.message).toMatch(/a canary runs for a remote, not the shell/);
    const share = await canary('rules', {
      app: 'mf_rules',
      version: world.published.mf_rules.version,
      percent: 0,
    });
    expect(share.json().error.message).toMatch(/body\.percent/);
  });

  it('answers 404 for preview links when no signer is set up', async () => {
    const response = await world.service.inject({
      method: 'POST',
      url: '/v1/previews/links',
      headers: auth('rules'),
      payload: { ttlSeconds: 3600 },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.reason).toBe('previews_off');
  });
});

describe('preview links', () => {
  it('signs a link to the preview environment’s build with the site’s signer', async () => {
    const signed: unknown[] = [];
    const service = await (
      await import('./service')
    ).createDeployService({
      store: world.store,
      teams: world.teams,
      stateDir: world.stateDir,
      previewLink: (request) => {
        signed.push(request);
        return { url: `http://localhost:3000/_preview?token=${request.build}`, expiresAt: 1 };
      },
    });
    const link = () =>
      service.inject({
        method: 'POST',
        url: '/v1/previews/links',
        headers: auth('blog'),
        payload: { ttlSeconds: 3600 },
      });
    expect((await link()).json().error.reason).toBe('no_preview');
    const build = fakeBuild('mf_blog', 'preview');
    await upload(build, 'blog');
    const deployed = await deploy('blog', { app: 'mf_blog', version: build.version }, 'preview');
    const answer = await link();
    expect(answer.statusCode).toBe(200);
    expect(signed).toEqual([{ env: 'preview', build: deployed.json().build.id, ttlSeconds: 3600 }]);
    await service.close();
  });
});

describe('whole-site rollback', () => {
  it('puts an earlier build back, for the shell’s team only', async () => {
    const first = (
      await world.service.inject({
        method: 'GET',
        url: '/v1/environments/production',
        headers: auth('shell'),
      })
    ).json().pointer.id;
    const build = fakeBuild('mf_rules', 'second');
    await upload(build, 'rules');
    await deploy('rules', { app: 'mf_rules', version: build.version });
    const refused = await world.service.inject({
      method: 'POST',
      url: '/v1/environments/production/rollbacks',
      headers: auth('rules'),
      payload: { build: first },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toMatch(
      /^Team rules may not roll back the whole site: the shell's team \(shell\) does/,
    );
    const back = await world.service.inject({
      method: 'POST',
      url: '/v1/environments/production/rollbacks',
      headers: auth('shell'),
      payload: { build: first },
    });
    expect(back.statusCode).toBe(200);
    expect(await liveVersion('mf_rules')).toBe(world.published.mf_rules.version);
    const unknown = await world.service.inject({
      method: 'POST',
      url: '/v1/environments/production/rollbacks',
      headers: auth('shell'),
      payload: { build: '20200101000000-deadbeef' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
