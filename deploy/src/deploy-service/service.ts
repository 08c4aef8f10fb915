/**
 * The deploy service: teams upload their app's version files, seal them, and ask for an environment
 * to point at that version. Every change goes through the ledger (deploy/src/ledger): compare-and-swap
 * on the environment's pointer, a release record for each change. `createDeployService` builds the
 * fastify app; `deployService` is the same routes as a plugin to mount elsewhere.
 */
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import * as z from 'zod';
import { APP_NAMES, appFolder, ENVIRONMENT_NAME, REMOTE_NAMES, type AppName } from '@arttoy/shared/contracts';
import type { ServerLog } from '@arttoy/api';
import type { OriginStore } from '../origin-store/store';
import * as ledger from '../ledger';
import { parseRequest, Refusal, registerNotFound, registerRefusals } from './errors';
import type { Teams } from './teams';
import { checkToken, type TokenRecord } from './tokens';
import {
  readVersionRecord,
  sealVersion,
  uploadedFiles,
  uploadFile,
  checkVersion,
  type VersionRecord,
} from './versions';

/** A canary that names none of these is judged with them (the judge: canary-judge.ts). */
export const CANARY_DEFAULTS = { windowMs: 10 * 60_000, margin: 0.02, minViews: 50 } as const;
/** One uploaded file at most (a build's biggest chunk is well under this). */
export const UPLOAD_LIMIT_BYTES = 64 * 1024 * 1024;

export interface PreviewLink {
  url: string;
  expiresAt: number;
}

export interface DeployServiceOptions {
  store: OriginStore;
  teams: Teams;
  /** Where the token hashes live (DEPLOY_STATE_DIR). */
  stateDir: string;
  /**
   * Signs a link to the site showing `build` (the preview environment's) until `ttlSeconds` from now:
   * the site server's preview token (deploy/src/variants). Without it the route answers 404.
   */
  previewLink?: (request: {
    env: string;
    build: string;
    ttlSeconds: number;
  }) => Promise<PreviewLink> | PreviewLink;
  /** Fastify's logger options from `createServerLog` (the site server's, when started beside it); none by default. */
  log?: ServerLog['fastifyOptions'];
  now?: () => number;
}

const appName = z.string().transform((value, context) => {
  const app = APP_NAMES.find((name) => name === value || appFolder(name) === value);
  if (!app) {
    context.addIssue({
      code: 'custom',
      message: `unknown app "${value}" (apps: ${APP_NAMES.map(appFolder).join(', ')})`,
    });
    return z.NEVER;
  }
  return app;
});
const remoteName = appName.refine(
  (app): app is (typeof REMOTE_NAMES)[number] => (REMOTE_NAMES as readonly string[]).includes(app),
  {
    message: 'a canary runs for a remote, not the shell',
  },
);
const environment = z
  .string()
  .regex(
    ENVIRONMENT_NAME,
    'an environment is 2-32 lower-case letters, digits or dashes, starting with a letter',
  );
const version = z.string().regex(/^[0-9a-f]{10}$/, 'a version is the 10 hex digits of its content hash');
const integrity = z.string().regex(/^sha384-[A-Za-z0-9+/]{64}$/, 'integrity is sha384-<base64>');

const envParams = z.object({ env: environment });
const versionParams = z.object({ app: appName, version });
const deployBody = z.strictObject({
  app: appName,
  version,
  expect: version.optional(),
  integrity: integrity.optional(),
});
const rollbackBody = z.union([
  z.strictObject({ app: appName, to: version.optional() }),
  z.strictObject({ build: z.string().regex(/^[0-9a-z][0-9a-z-]{5,63}$/, 'build must be a build id') }),
]);
const promotionBody = z.strictObject({
  app: appName,
  from: z
    .union([z.literal('canary'), environment])
    .refine((from) => from !== 'production', 'promote from canary or another environment, not production'),
});
const canaryBody = z.strictObject({
  app: remoteName,
  version,
  integrity: integrity.optional(),
  percent: z.number().int().min(1).max(100),
  windowMs: z.number().int().min(1000).optional(),
  margin: z.number().min(0).max(1).optional(),
  minViews: z.number().int().min(1).optional(),
});
const canaryEndBody = z.strictObject({ reason: z.string().trim().min(1).max(500) });
const historyQuery = z.object({
  app: appName.optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});
const previewBody = z.strictObject({
  ttlSeconds: z
    .number()
    .int()
    .min(60)
    .max(30 * 24 * 3600),
});

declare module 'fastify' {
  interface FastifyRequest {
    deployToken?: TokenRecord;
  }
}

const TOKEN_HELP =
  'Send Authorization: Bearer <token>; a team gets one with npm run deploy:tokens -- issue <team>.';

/** The team of the request's token, or 401. */
async function authenticate(request: FastifyRequest, stateDir: string, now: number): Promise<TokenRecord> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
  if (!token) throw new Refusal(401, 'no_token', `No deploy token. ${TOKEN_HELP}`);
  const check = await checkToken(stateDir, token, now);
  if (check.ok) return check.record;
  const why = {
    malformed: 'is not a deploy token (arttoy_deploy_…)',
    unknown: 'is not known to this service',
    expired: `expired at ${new Date(check.record?.expiresAt ?? 0).toISOString()}`,
    revoked: `was revoked at ${new Date(check.record?.revokedAt ?? 0).toISOString()}`,
  }[check.reason];
  throw new Refusal(401, `token_${check.reason}`, `The deploy token ${why}. ${TOKEN_HELP}`);
}

/** Only the team that owns an app changes it; the refusal names the app and the team both. */
function authorize(token: TokenRecord, teams: Teams, app: AppName, doing = 'deploy'): string {
  const team = token.team;
  if (!teams.has(team))
    throw new Refusal(
      403,
      'unknown_team',
      `Team ${team} is not in teams.json any more; it may not ${doing} ${appFolder(app)}.`,
      { team, app },
    );
  if (teams.ownerOf(app) === team) return team;
  const owns = teams.appsOf(team).map(appFolder).join(', ');
  const owner = teams.ownerOf(app);
  throw new Refusal(
    403,
    'wrong_team',
    `Team ${team} may not ${doing} ${appFolder(app)} (it deploys ${owns}); ${owner ? `team ${owner} deploys ${appFolder(app)}` : `no team owns ${appFolder(app)} in teams.json`}.`,
    { team, app, owner },
  );
}

async function sealedVersion(
  store: OriginStore,
  app: AppName,
  wanted: string,
  sentIntegrity?: string,
): Promise<VersionRecord> {
  const record = await readVersionRecord(store, app, wanted);
  if (!record)
    throw new Refusal(
      422,
      'not_uploaded',
      `${appFolder(app)} ${wanted} is not uploaded: upload its files and seal it first (npm run deploy -- ${appFolder(app)} does both).`,
      { app, version: wanted },
    );
  if (sentIntegrity !== undefined && sentIntegrity !== record.entry.integrity)
    throw new Refusal(
      422,
      'integrity_mismatch',
      `The integrity sent for ${appFolder(app)} ${wanted} (${sentIntegrity}) is not the uploaded entry's (${record.entry.integrity}): the build that was uploaded is not the one you mean to deploy.`,
      { app, version: wanted, sent: sentIntegrity, uploaded: record.entry.integrity },
    );
  return record;
}

export function deployService(options: DeployServiceOptions): FastifyPluginAsync {
  const { store, teams, stateDir } = options;
  const now = options.now ?? Date.now;
  return async (fastify: FastifyInstance) => {
    registerRefusals(fastify);
    fastify.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: UPLOAD_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    fastify.addHook('onRequest', async (request) => {
      if (request.url === '/v1/health') return;
      request.deployToken = await authenticate(request, stateDir, now());
    });
    const token = (request: FastifyRequest) => request.deployToken as TokenRecord;

    fastify.get('/v1/health', async () => ({ ok: true, origin: store.description }));

    fastify.route({
      method: 'GET',
      url: '/v1/environments/:env',
      handler: async (request) => {
        const { env } = parseRequest(envParams, request.params, 'path');
        const state = await ledger.readEnvironment(store, env);
        if (!state)
          throw new Refusal(
            404,
            'no_build',
            env === 'production'
              ? 'Production has no build yet: npm run build publishes the first one.'
              : `Environment ${env} has no build yet: deploy to it first (npm run deploy -- <app> --env ${env}).`,
          );
        return { env, pointer: state.pointer, meta: state.meta };
      },
    });

    fastify.route({
      method: 'GET',
      url: '/v1/environments/:env/history',
      handler: async (request) => {
        const { env } = parseRequest(envParams, request.params, 'path');
        const query = parseRequest(historyQuery, request.query, 'query');
        const releases = await ledger.history(store, env, {
          ...(query.app ? { app: query.app } : {}),
          ...(query.limit ? { limit: query.limit } : {}),
        });
        return { env, releases };
      },
    });

    fastify.route({
      method: 'POST',
      url: '/v1/environments/:env/deploys',
      handler: async (request) => {
        const { env } = parseRequest(envParams, request.params, 'path');
        const body = parseRequest(deployBody, request.body, 'body');
        const by = authorize(token(request), teams, body.app);
        const record = await sealedVersion(store, body.app, body.version, body.integrity);
        const result = await ledger.deployVersion(store, {
          env,
          app: body.app,
          entry: record.entry,
          ...(body.expect ? { expect: body.expect } : {}),
          by,
          now: now(),
        });
        return { release: result.release, build: result.meta, changed: result.changed };
      },
    });

    fastify.route({
      method: 'POST',
      url: '/v1/environments/:env/rollbacks',
      handler: async (request) => {
        const { env } = parseRequest(envParams, request.params, 'path');
        const body = parseRequest(rollbackBody, request.body, 'body');
        if ('build' in body) {
          // The whole site back to an earlier build: the shell's team owns the composition.
          const by = token(request).team;
          if (teams.ownerOf('shell') !== by)
            throw new Refusal(
              403,
              'wrong_team',
              `Team ${by} may not roll back the whole site: the shell's team (${teams.ownerOf('shell') ?? 'none in teams.json'}) does, as it owns the composition. Roll back your own app instead (npm run rollback -- <app>).`,
              { team: by, owner: teams.ownerOf('shell') },
            );
          const result = await ledger.rollbackToBuild(store, { env, buildId: body.build, by, now: now() });
          return { release: result.release, build: result.meta };
        }
        const by = authorize(token(request), teams, body.app, 'roll back');
        const result = await ledger.rollbackApp(store, {
          env,
          app: body.app,
          ...(body.to ? { to: body.to } : {}),
          by,
          now: now(),
        });
        return { release: result.release, build: result.meta, restored: result.restored };
      },
    });

    fastify.route({
      method: 'POST',
      url: '/v1/promotions',
      handler: async (request) => {
        const body = parseRequest(promotionBody, request.body, 'body');
        const by = authorize(token(request), teams, body.app, 'promote');
        const result = await ledger.promote(store, {
          from: body.from,
          to: 'production',
          app: body.app,
          by,
          now: now(),
        });
        return { release: result.release, build: result.meta };
      },
    });

    fastify.route({
      method: 'POST',
      url: '/v1/canary',
      handler: async (request) => {
        const body = parseRequest(canaryBody, request.body, 'body');
        const by = authorize(token(request), teams, body.app, 'start a canary of');
        const record = await sealedVersion(store, body.app, body.version, body.integrity);
        const result = await ledger.startCanary(store, {
          app: body.app,
          entry: record.entry,
          percent: body.percent,
          windowMs: body.windowMs ?? CANARY_DEFAULTS.windowMs,
          margin: body.margin ?? CANARY_DEFAULTS.margin,
          minViews: body.minViews ?? CANARY_DEFAULTS.minViews,
          by,
          now: now(),
        });
        return { release: result.release, canary: result.canary };
      },
    });

    /** The canary's own team ends it (the judge ends it through the ledger directly). */
    async function canaryTeam(request: FastifyRequest, doing: string): Promise<string> {
      const state = await ledger.readEnvironment(store, 'production');
      const canary = state?.pointer.canary;
      if (!canary) throw new Refusal(409, 'no_canary', 'No canary is running in production.');
      return authorize(token(request), teams, canary.app, doing);
    }

    fastify.route({
      method: 'DELETE',
      url: '/v1/canary',
      handler: async (request) => {
        const body = parseRequest(canaryEndBody, request.body, 'body');
        const by = await canaryTeam(request, 'roll back the canary of');
        const result = await ledger.endCanary(store, {
          outcome: 'rollback',
          reason: body.reason,
          by,
          now: now(),
        });
        return { release: result.release };
      },
    });

    fastify.route({
      method: 'POST',
      url: '/v1/canary/promote',
      handler: async (request) => {
        const by = await canaryTeam(request, 'promote the canary of');
        const result = await ledger.endCanary(store, { outcome: 'promote', by, now: now() });
        return { release: result.release };
      },
    });

    fastify.route({
      method: 'POST',
      url: '/v1/previews/links',
      handler: async (request) => {
        const body = parseRequest(previewBody, request.body, 'body');
        if (!options.previewLink)
          throw new Refusal(
            404,
            'previews_off',
            'Preview links are not set up in this service (the site server signs them).',
          );
        const preview = await ledger.readEnvironment(store, 'preview');
        if (!preview)
          throw new Refusal(
            409,
            'no_preview',
            'Nothing is deployed to preview yet: npm run deploy -- <app> --env preview.',
          );
        return options.previewLink({
          env: 'preview',
          build: preview.pointer.id,
          ttlSeconds: body.ttlSeconds,
        });
      },
    });

    fastify.route({
      method: 'GET',
      url: '/v1/versions/:app/:version',
      handler: async (request) => {
        const params = parseRequest(versionParams, request.params, 'path');
        const record = await readVersionRecord(store, params.app, params.version);
        if (record)
          return { sealed: true, record, files: record.files.map(({ path, sha256 }) => ({ path, sha256 })) };
        return { sealed: false, files: await uploadedFiles(store, params.app, params.version) };
      },
    });

    fastify.route({
      method: 'PUT',
      url: '/v1/versions/:app/:version/files/*',
      handler: async (request, reply) => {
        const params = parseRequest(versionParams, request.params, 'path');
        authorize(token(request), teams, params.app, 'upload');
        if (!Buffer.isBuffer(request.body))
          throw new Refusal(
            400,
            'not_octet_stream',
            'Send the file as Content-Type: application/octet-stream.',
          );
        const file = (request.params as { '*': string })['*'];
        const { created } = await uploadFile(store, {
          app: params.app,
          version: params.version,
          file,
          bytes: request.body,
        });
        return reply.status(created ? 201 : 200).send({ path: file, created });
      },
    });

    fastify.route({
      method: 'POST',
      url: '/v1/versions/:app/:version/seal',
      handler: async (request, reply) => {
        const params = parseRequest(versionParams, request.params, 'path');
        checkVersion(params.version);
        const by = authorize(token(request), teams, params.app, 'seal');
        const { record, created } = await sealVersion(store, {
          app: params.app,
          version: params.version,
          by,
          now: now(),
        });
        return reply.status(created ? 201 : 200).send({ record, created });
      },
    });
  };
}

export async function createDeployService(options: DeployServiceOptions): Promise<FastifyInstance> {
  const app = Fastify({ ...(options.log ?? { logger: false }), bodyLimit: 1024 * 1024 });
  registerNotFound(app);
  await app.register(deployService(options));
  return app;
}
