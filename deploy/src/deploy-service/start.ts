/**
 * Starts the deploy service: on its own (`npm run deploy-service`, main.ts) or beside the site server
 * (`npm start`, deploy/src/server.ts). Settings and teams.json are checked first; a wrong one stops it
 * with its message before anything listens.
 */
import type { FastifyInstance } from 'fastify';
import { checkPortFree, drainThenClose, explainListenError, type PortSetting } from '@arttoy/api';
import type { Environment } from '../config';
import { originStoreFromEnv } from '../origin-store/from-env';
import type { OriginStore } from '../origin-store/store';
import { previewSecret, signPreviewToken } from '../variants';
import { fieldHealthFrom, ledgerCanary, startCanaryJudge } from './canary-judge';
import { createDeployService, type DeployServiceOptions } from './service';
import { deployServiceSettings } from './settings';
import { loadTeams } from './teams';

export interface StartedDeployService {
  app: FastifyInstance;
  url: string;
  /** Drains (answers say `Connection: close` for DRAIN_MS), then closes the service (once). */
  shutdown: () => Promise<void>;
}

export interface StartOptions {
  env: Environment;
  /** Where the origin is (the site server's own store when started beside it). */
  store?: OriginStore;
  log?: DeployServiceOptions['log'];
  previewLink?: DeployServiceOptions['previewLink'];
  /** How it was started, for the busy-port message. */
  command?: string;
}

/** Checks every setting and listens; null when DEPLOY_PORT=off. Throws with a message that says what to fix. */
export async function startDeployService(options: StartOptions): Promise<StartedDeployService | null> {
  const settings = deployServiceSettings(options.env);
  if (settings.port === null) return null;
  const teams = await loadTeams(settings.teamsFile);
  const listenOn: PortSetting = {
    port: settings.port,
    host: settings.host,
    portSetting: 'DEPLOY_PORT',
    hostSetting: 'DEPLOY_HOST',
    command: options.command ?? 'npm run deploy-service',
  };
  await checkPortFree(listenOn);
  const store = options.store ?? originStoreFromEnv(options.env);
  // Links signed with the secret the site server checks them with (PREVIEW_SECRET, or the one made
  // once in the state folder), opening the site at SITE_ORIGIN.
  const secret = await previewSecret(options.env);
  const previewLink: NonNullable<DeployServiceOptions['previewLink']> =
    options.previewLink ??
    (({ env, build, ttlSeconds }) => {
      const expiresAt = Date.now() + ttlSeconds * 1000;
      const token = signPreviewToken(secret, { env, build, exp: expiresAt });
      return { url: `${settings.siteOrigin}/_preview?token=${encodeURIComponent(token)}`, expiresAt };
    });
  const app = await createDeployService({
    store,
    teams,
    stateDir: settings.stateDir,
    previewLink,
    ...(options.log ? { log: options.log } : {}),
  });
  if (settings.canaryCheckMs !== null) {
    // Judges production's canary on its visitors' errors (GET /api/field/health of the site) and
    // rolls a worse one back by itself, recording why.
    const judge = startCanaryJudge({
      ...ledgerCanary(store),
      readHealth: fieldHealthFrom(settings.siteOrigin),
      checkMs: settings.canaryCheckMs,
      log: { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) },
    });
    app.addHook('onClose', () => judge.stop());
  }
  const shutdown = drainThenClose(app, settings.drainMs);
  try {
    await app.listen({ port: settings.port, host: settings.host });
  } catch (error) {
    await app.close();
    throw explainListenError(error, listenOn);
  }
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  return { app, url: `http://${host}:${settings.port}`, shutdown };
}

/**
 * Beside the site server (`npm start`): a wrong setting or teams.json stops the start like the site's
 * own settings do, but a busy DEPLOY_PORT only costs the deploy service (another `npm start`, a test
 * run's second site server, or a deploy service started on its own already holds it).
 */
export async function startBesideSite(
  options: StartOptions & { warn: (message: string) => void },
): Promise<StartedDeployService | null> {
  try {
    return await startDeployService({ command: 'npm start', ...options });
  } catch (error) {
    if (!(error instanceof Error) || !/^Port \d+ is in use/.test(error.message)) throw error;
    options.warn(`The deploy service did not start: ${error.message}`);
    return null;
  }
}
