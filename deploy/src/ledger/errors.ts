/**
 * The ledger's refusals. Each carries the HTTP status and the `error.code` class the deploy service
 * answers with (`{ error: { code, reason, message, details } }`, as the API does: classes from
 * `API_ERROR_CODES`, `reason` the ledger's own code), so the service maps them without reading
 * messages. Anything else the ledger throws is a fault (500).
 */
import { type ApiErrorCode } from '@arttoy/shared/contracts/api';
import { appFolder, type AppName } from '@arttoy/shared/contracts';

export type LedgerErrorReason =
  | 'lost_race'
  | 'unknown_app'
  | 'invalid_entry'
  | 'invalid_environment'
  | 'no_build_live'
  | 'nothing_to_roll_back'
  | 'unknown_version'
  | 'unknown_build'
  | 'no_canary'
  | 'canary_running'
  | 'already_live'
  | 'corrupt_record'
  | 'contention'
  | 'incompatible';

export class LedgerError extends Error {
  override name = 'LedgerError';

  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    readonly reason: LedgerErrorReason,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const isLedgerError = (error: unknown): error is LedgerError => error instanceof LedgerError;

/**
 * A deploy that expected another version to be live: someone else's change landed first. Carries
 * the version it lost to (`found`) and the change that made it live (`release`).
 */
export class LostRace extends LedgerError {
  override name = 'LostRace';

  constructor(
    readonly app: AppName,
    readonly expected: string,
    readonly found: string,
    readonly release: string | null,
    env: string,
  ) {
    super(
      409,
      'conflict',
      'lost_race',
      `${appFolder(app)} in ${env} is at ${found}, not ${expected}: another deploy landed first${release ? ` (release ${release})` : ''}. Check the history, then deploy again expecting ${found}.`,
      { app, expected, found, release, env },
    );
  }
}

export const unknownApp = (value: string, apps: readonly string[]): LedgerError =>
  new LedgerError(
    422,
    'invalid_request',
    'unknown_app',
    `Unknown app "${value}". Apps: ${apps.join(', ')}.`,
    {
      app: value,
    },
  );

export const invalidEntry = (message: string): LedgerError =>
  new LedgerError(422, 'invalid_request', 'invalid_entry', message);

export const invalidEnvironment = (message: string): LedgerError =>
  new LedgerError(400, 'invalid_request', 'invalid_environment', message);

export const noBuildLive = (env: string, where: string): LedgerError =>
  new LedgerError(
    409,
    'conflict',
    'no_build_live',
    env === 'production'
      ? `No build is live in ${where}: publish the whole site first (npm run build).`
      : `No build is live in ${where}, neither in ${env} nor in production: publish the whole site first (npm run build).`,
    { env },
  );

export const nothingToRollBack = (app: AppName, version: string, env: string, where: string): LedgerError =>
  new LedgerError(
    409,
    'conflict',
    'nothing_to_roll_back',
    `${appFolder(app)} has no version older than ${version} in ${env} of ${where}; nothing to roll back to.`,
    { app, version, env },
  );

export const unknownVersion = (app: AppName, version: string, env: string): LedgerError =>
  new LedgerError(
    422,
    'invalid_request',
    'unknown_version',
    `${appFolder(app)} was never live at ${version} in ${env}; roll back to a version from its history (npm run builds).`,
    { app, version, env },
  );

export const unknownBuild = (buildId: string, where: string): LedgerError =>
  new LedgerError(
    404,
    'not_found',
    'unknown_build',
    `Build ${buildId} is not in the origin (${where}); list the builds with: npm run builds`,
    { buildId },
  );

export const noCanary = (message: string): LedgerError =>
  new LedgerError(409, 'conflict', 'no_canary', message);

export const canaryRunning = (message: string, details: Record<string, unknown>): LedgerError =>
  new LedgerError(409, 'conflict', 'canary_running', message, details);

export const alreadyLive = (message: string, details: Record<string, unknown>): LedgerError =>
  new LedgerError(409, 'conflict', 'already_live', message, details);

/** A record or pointer in the origin that does not parse: the origin's fault, named by its key. */
export const corruptRecord = (key: string, problem: string): LedgerError =>
  new LedgerError(500, 'internal', 'corrupt_record', `${key} in the origin is invalid: ${problem}`, { key });

export const contention = (env: string, attempts: number): LedgerError =>
  new LedgerError(
    503,
    'unavailable',
    'contention',
    `${env} changed under this change ${attempts} times in a row; nothing was changed. Try again.`,
    { env },
  );

/**
 * A build whose shell does not give a remote what it needs (shared/contracts/compat.ts): made live,
 * that remote's pages would show the fallback. Refused before anything changes.
 */
export const incompatible = (problems: string[]): LedgerError =>
  new LedgerError(
    422,
    'invalid_request',
    'incompatible',
    `This change would put together a shell and a remote that do not fit: ${problems.join(' ')}`,
    { problems },
  );
