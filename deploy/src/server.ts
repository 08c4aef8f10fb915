import { originDir } from './origin';
import { startLocalSignIn, type LocalSignIn } from './local-sign-in';
import { runtimeConfigFromEnv, signInMode } from './runtime-config';
import { createSiteServer } from './site-server';

const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}".`);
  process.exit(2);
}

let config;
let mode;
try {
  mode = signInMode(process.env);
  config = runtimeConfigFromEnv(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}

// Before the API is mounted: in a local run it must find FIREBASE_AUTH_EMULATOR_HOST set.
let signIn: LocalSignIn | null = null;
if (mode === 'emulator') {
  try {
    signIn = await startLocalSignIn();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
} else {
  console.log(mode === 'firebase' ? `Sign-in: Firebase project ${config.firebase.projectId ?? '(projectId missing)'}.` : 'Sign-in: off (AUTH_EMULATOR=off and no FIREBASE_* settings).');
}

let app;
try {
  // The API runs in this process under /api unless SITE_API=off (it then runs elsewhere behind the same origin).
  app = await createSiteServer({ origin: originDir(), config, api: process.env.SITE_API === 'off' ? false : {}, logger: true });
  await app.listen({ port, host: process.env.HOST ?? 'localhost' });
} catch (error) {
  // Most likely the embedded database is in use by another process: its message says what to do.
  console.error(error instanceof Error ? error.message : error);
  await signIn?.stop();
  process.exit(1);
}
console.log(`ArtToy Club is served at http://localhost:${port}`);

// Ctrl-C, or a test runner's SIGTERM: stop serving (and the API's database), then the emulator this server started.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.allSettled([app.close(), signIn?.stop()]).then(() => process.exit(0));
  });
}
