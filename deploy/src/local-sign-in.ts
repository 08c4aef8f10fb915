/**
 * Sign-in for a local run: the site server starts the Firebase Auth emulator itself (offline, a
 * demo project, no accounts), so `npm start` and the browser tests need nothing running beforehand.
 */
import {
  AUTH_EMULATOR_HOST,
  AUTH_EMULATOR_PORT,
  DEMO_PROJECT_ID,
  launchAuthEmulator,
} from '@arttoy/shared/auth/emulator';
import { REPO_ROOT } from './origin';
import { pointFirebaseAdminAtEmulator } from './config';

export interface LocalSignIn {
  /** Resolves once the emulator answers (already logged); rejects if it never does (already logged). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/** Where the emulator's progress goes: `log` for its start-up lines, `error` when it fails. */
export interface SignInLog {
  log(message: string): void;
  error(message: string): void;
}

/**
 * Spawns (or reuses) the emulator and returns at once: the site can serve pages while it starts.
 * Rejects at once, with what to do, when its port is held by another program.
 */
export async function startLocalSignIn(log: SignInLog = console): Promise<LocalSignIn> {
  const emulator = await launchAuthEmulator({ repoRoot: REPO_ROOT });
  pointFirebaseAdminAtEmulator(`${AUTH_EMULATOR_HOST}:${AUTH_EMULATOR_PORT}`);
  if (emulator.started) {
    log.log(
      `Sign-in: starting the Firebase Auth emulator at ${emulator.url} (project ${DEMO_PROJECT_ID}, test accounts only; AUTH_EMULATOR=off serves without sign-in)…`,
    );
  } else {
    log.log(
      `Sign-in: using the Firebase Auth emulator already running at ${emulator.url}; it stops when its owner stops.`,
    );
  }
  const ready = emulator.ready.then(
    (startMs) => {
      if (emulator.started)
        log.log(`Sign-in: the Auth emulator is ready (started in ${(startMs / 1000).toFixed(1)} s).`);
    },
    (error: unknown) => {
      log.error(`Sign-in will fail on this run: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    },
  );
  // The caller may never await `ready`; the failure is logged above either way.
  ready.catch(() => undefined);
  return { ready, stop: () => emulator.stop() };
}
