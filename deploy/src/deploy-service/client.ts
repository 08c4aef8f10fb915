/**
 * The deploy commands' side of the service: HTTP calls with the team's token, refusals turned into
 * errors that carry the service's message, and the upload of a build (only the files the service
 * does not have yet), then its seal.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { appFolder, type AppName } from '@arttoy/shared/contracts';
import type { Environment } from '../config';
import { entryFile } from '../origin';
import { sriOf } from '../publish';
import type { RefusalBody } from './errors';
import { deployServiceSettings, deployServiceUrl, isLocalService } from './settings';
import { loadTeams } from './teams';
import { issueToken, removeTokens } from './tokens';
import { contentVersionOf, type VersionRecord } from './versions';

/** A token issued for a local command lasts long enough for one deploy and its build. */
export const LOCAL_TOKEN_TTL_MS = 15 * 60_000;
const LOCAL_NOTE = 'local command';
/** Files uploaded at once. */
const UPLOADS_AT_ONCE = 8;

export class ServiceRefusal extends Error {
  override name = 'ServiceRefusal';
  constructor(
    readonly status: number,
    readonly body: RefusalBody['error'],
  ) {
    super(body.message);
  }
}

export interface DeployClient {
  readonly url: URL;
  request<T>(method: string, route: string, body?: unknown): Promise<T>;
}

export function createDeployClient(url: URL, token: string | undefined): DeployClient {
  const base = url.href.replace(/\/$/, '');
  return {
    url,
    async request<T>(method: string, route: string, body?: unknown): Promise<T> {
      const binary = Buffer.isBuffer(body);
      let response: Response;
      try {
        response = await fetch(`${base}${route}`, {
          method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body === undefined
              ? {}
              : { 'content-type': binary ? 'application/octet-stream' : 'application/json' }),
          },
          ...(body === undefined ? {} : { body: binary ? new Uint8Array(body) : JSON.stringify(body) }),
        });
      } catch (error) {
        throw new Error(
          `No deploy service answers at ${base} (${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message}): start it with npm start or npm run deploy-service, or set DEPLOY_SERVICE to where it runs.`,
          { cause: error },
        );
      }
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
      } catch {
        throw new Error(
          `${base}${route} answered ${response.status} with something other than JSON: is DEPLOY_SERVICE the deploy service?`,
        );
      }
      if (!response.ok) {
        const error = (parsed as RefusalBody | undefined)?.error;
        throw new ServiceRefusal(
          response.status,
          error ?? { code: 'internal', message: `${method} ${route} failed with ${response.status}.` },
        );
      }
      return parsed as T;
    },
  };
}

/**
 * DEPLOY_TOKEN when set; otherwise, for a service on this machine, a short-lived token of the team that
 * owns `app` (or any team, for reads), written to the service's state folder: only someone who can
 * write that folder can do this, and they could issue any token there anyway.
 */
export async function tokenFor(
  env: Environment,
  url: URL,
  app: AppName | undefined,
): Promise<string | undefined> {
  const given = env.DEPLOY_TOKEN?.trim();
  if (given) return given;
  if (!isLocalService(url)) return undefined;
  const settings = deployServiceSettings(env);
  const teams = await loadTeams(settings.teamsFile);
  const team = app ? teams.ownerOf(app) : teams.names()[0];
  if (!team)
    throw new Error(
      `No team of ${settings.teamsFile} deploys ${app ? appFolder(app) : 'anything'}; add one.`,
    );
  const now = Date.now();
  await removeTokens(settings.stateDir, (record) => record.note === LOCAL_NOTE && record.expiresAt <= now);
  const { token } = await issueToken(settings.stateDir, {
    team,
    ttlMs: LOCAL_TOKEN_TTL_MS,
    note: LOCAL_NOTE,
    now,
  });
  return token;
}

export async function connect(env: Environment, app?: AppName): Promise<DeployClient> {
  const url = deployServiceUrl(env);
  return createDeployClient(url, await tokenFor(env, url, app));
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await fs.readdir(path.join(dir, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = path.posix.join(prefix, entry.name);
      return entry.isDirectory() ? listFiles(dir, relative) : Promise.resolve([relative]);
    }),
  );
  return nested.flat();
}

const routeOf = (app: AppName, version: string) => `/v1/versions/${app}/${version}`;
const encodePath = (file: string) => file.split('/').map(encodeURIComponent).join('/');

export interface UploadResult {
  record: VersionRecord;
  /** The SHA-384 of the entry as built here: the deploy sends it, so the service refuses another upload's. */
  integrity: string;
  uploaded: number;
  skipped: number;
}

/** Uploads a build's files (those the service lacks) and seals the version. */
export async function uploadBuild(client: DeployClient, app: AppName, dist: string): Promise<UploadResult> {
  const names = await listFiles(dist).catch(() => {
    throw new Error(
      `${dist} is missing: build ${appFolder(app)} first (npm run build -w ${appFolder(app)}).`,
    );
  });
  const files = await Promise.all(
    names.map(async (name) => ({ path: name, bytes: await fs.readFile(path.join(dist, name)) })),
  );
  const version = contentVersionOf(files);
  const entry = files.find((file) => file.path === entryFile(app));
  if (!entry) throw new Error(`${dist} has no ${entryFile(app)}: it is not a build of ${app}.`);
  const integrity = sriOf(entry.bytes);
  const present = await client.request<{
    sealed: boolean;
    record?: VersionRecord;
    files: { path: string; sha256: string }[];
  }>('GET', routeOf(app, version));
  if (present.sealed && present.record)
    return { record: present.record, integrity, uploaded: 0, skipped: files.length };
  const have = new Map(present.files.map((file) => [file.path, file.sha256]));
  const missing = files.filter(
    (file) => have.get(file.path) !== createHash('sha256').update(file.bytes).digest('hex'),
  );
  for (let start = 0; start < missing.length; start += UPLOADS_AT_ONCE)
    await Promise.all(
      missing
        .slice(start, start + UPLOADS_AT_ONCE)
        .map((file) =>
          client.request('PUT', `${routeOf(app, version)}/files/${encodePath(file.path)}`, file.bytes),
        ),
    );
  const { record } = await client.request<{ record: VersionRecord }>(
    'POST',
    `${routeOf(app, version)}/seal`,
    {},
  );
  return { record, integrity, uploaded: missing.length, skipped: files.length - missing.length };
}
