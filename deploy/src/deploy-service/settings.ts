/**
 * The deploy service's settings, read from the environment and checked before it starts; a wrong
 * one stops it with a message that names the setting.
 *   DEPLOY_PORT        port of the service (default 3100; "off": npm start does not start it)
 *   DEPLOY_HOST        host it listens on (default 127.0.0.1: only this machine)
 *   DEPLOY_STATE_DIR   where token hashes live (default .data/deploy/ in the repository)
 *   DEPLOY_TEAMS_FILE  who deploys what (default deploy/teams.json)
 *   DEPLOY_SERVICE     the URL the deploy commands talk to (default http://127.0.0.1:3100)
 *   SITE_ORIGIN        the site its preview links open and whose API it reads field data from
 *                      (default http://localhost:$PORT, the site server beside it)
 *   CANARY_JUDGE       "on" (default): a canary worse than the stable version is rolled back by itself
 *   CANARY_CHECK_MS    how often the judge looks (default 15000)
 *   DRAIN_MS           how long a stopping service answers `Connection: close` before it stops
 *                      listening (default 1500; the site server's setting of the same name)
 */
import path from 'node:path';
import { siteOriginFrom } from '@arttoy/api';
import type { Environment } from '../config';
import { REPO_ROOT } from '../origin';
import { canaryCheckMsFrom } from './canary-judge';
import { DEFAULT_TEAMS_FILE } from './teams';

export const DEFAULT_DEPLOY_PORT = 3100;
export const DEFAULT_DEPLOY_HOST = '127.0.0.1';

export interface DeployServiceSettings {
  /** null: DEPLOY_PORT=off. */
  port: number | null;
  host: string;
  stateDir: string;
  teamsFile: string;
  /** The site the service's preview links open, and whose API reports visitors' errors to the canary judge. */
  siteOrigin: string;
  /** How often the canary judge looks (CANARY_CHECK_MS); null: CANARY_JUDGE=off, canaries are judged by people only. */
  canaryCheckMs: number | null;
  /** How long it drains when stopped (DRAIN_MS), in ms. */
  drainMs: number;
}

export class SettingError extends Error {}

const given = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

export function stateDirFrom(env: Environment): string {
  return path.resolve(REPO_ROOT, given(env.DEPLOY_STATE_DIR) ?? '.data/deploy');
}

export function deployServiceSettings(env: Environment): DeployServiceSettings {
  const portText = given(env.DEPLOY_PORT);
  let port: number | null = DEFAULT_DEPLOY_PORT;
  if (portText === 'off') port = null;
  else if (portText !== undefined) {
    port = Number(portText);
    if (!/^\d+$/.test(portText) || port < 1 || port > 65535)
      throw new SettingError(
        `DEPLOY_PORT must be a port number from 1 to 65535, or "off"; got ${JSON.stringify(env.DEPLOY_PORT)}.`,
      );
  }
  const host = given(env.DEPLOY_HOST) ?? DEFAULT_DEPLOY_HOST;
  if (/[\s/]/.test(host))
    throw new SettingError(
      `DEPLOY_HOST must be a host name or address; got ${JSON.stringify(env.DEPLOY_HOST)}.`,
    );
  const judge = given(env.CANARY_JUDGE) ?? 'on';
  if (judge !== 'on' && judge !== 'off')
    throw new SettingError(`CANARY_JUDGE must be "on" or "off"; got ${JSON.stringify(env.CANARY_JUDGE)}.`);
  let siteOrigin: string;
  let canaryCheckMs: number | null = null;
  try {
    siteOrigin = siteOriginFrom(env);
    if (judge === 'on') canaryCheckMs = canaryCheckMsFrom(env);
  } catch (error) {
    throw new SettingError((error as Error).message);
  }
  const drainText = given(env.DRAIN_MS);
  const drainMs = drainText === undefined ? 1_500 : Number(drainText);
  if (drainText !== undefined && (!/^\d+$/.test(drainText) || drainMs > 60_000))
    throw new SettingError(
      `DRAIN_MS must be a whole number of milliseconds from 0 to 60000; got ${JSON.stringify(env.DRAIN_MS)}.`,
    );
  return {
    port,
    host,
    stateDir: stateDirFrom(env),
    teamsFile: path.resolve(REPO_ROOT, given(env.DEPLOY_TEAMS_FILE) ?? DEFAULT_TEAMS_FILE),
    siteOrigin,
    canaryCheckMs,
    drainMs,
  };
}

/** The service the deploy commands talk to. */
export function deployServiceUrl(env: Environment): URL {
  const text = given(env.DEPLOY_SERVICE) ?? `http://${DEFAULT_DEPLOY_HOST}:${DEFAULT_DEPLOY_PORT}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SettingError(
      `DEPLOY_SERVICE must be the deploy service's URL (http://host:port); got ${JSON.stringify(text)}.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SettingError(`DEPLOY_SERVICE must be an http(s) URL; got ${JSON.stringify(text)}.`);
  return url;
}

/** A service on this machine: the CLI may then issue itself a token from the shared state folder. */
export function isLocalService(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]', '::1'].includes(url.hostname);
}
