import { defineConfig } from '@playwright/test';

/** Moves every port below by the same amount, so a second checkout can run the suite at the same time. */
const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
if (!Number.isInteger(PORT_OFFSET) || PORT_OFFSET < 0 || PORT_OFFSET > 50_000) {
  throw new Error(
    `E2E_PORT_OFFSET must be a whole number from 0 to 50000, got "${process.env.E2E_PORT_OFFSET}".`,
  );
}
/** The composed site, served from the production build by the site server (as `npm start` does). */
export const SITE_PORT = Number(process.env.E2E_SITE_PORT ?? 4173 + PORT_OFFSET);
/** The same site with sign-in unavailable (no Firebase settings, AUTH_EMULATOR=off): the missing-config behaviour. */
export const NO_SIGN_IN_PORT = Number(process.env.E2E_NO_SIGN_IN_PORT ?? 4174 + PORT_OFFSET);
/** Each remote's standalone QA harness, served from its own build folder. */
/** The deploy service the first site server starts beside itself (the second starts none). */
export const DEPLOY_PORT = 3100 + PORT_OFFSET;
export const STANDALONE_PORTS = {
  mf_gallery: 3101 + PORT_OFFSET,
  mf_blog: 3102 + PORT_OFFSET,
  mf_mysterybox: 3103 + PORT_OFFSET,
  mf_account: 3104 + PORT_OFFSET,
  mf_rules: 3105 + PORT_OFFSET,
} as const;

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  projects: [
    { name: 'site', testMatch: /.*\.spec\.ts$/ },
    // Tests that change the live build run alone, after the others: every open page would see their deploys.
    { name: 'deploys', testMatch: /.*\.deploys\.ts$/, dependencies: ['site'], fullyParallel: false },
  ],
  use: {
    baseURL: `http://localhost:${SITE_PORT}`,
    trace: 'retain-on-failure',
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      // The machine has no network: without these, Chromium's background services fail noisily.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'npm run serve -w deploy',
      cwd: '..',
      // Poll for new deploys every 10 s (the default is hourly), so the new-version test sees one quickly.
      // No FIREBASE_* settings: the server starts the Firebase Auth emulator (or reuses a running one).
      // The API's database in memory: the tests never contend with a running `npm start` for .data/.
      // A generous server-render budget: these tests check what the server renders, on a machine
      // the tests keep busy; the fall-back to the browser on a slow render has tests of its own
      // (deploy/src/server-render/render-page.test.ts).
      env: {
        PORT: String(SITE_PORT),
        BUILD_POLL_INTERVAL_MS: '10000',
        AUTH_EMULATOR: 'on',
        DATABASE_URL: 'memory:',
        SSR_BUDGET_MS: '5000',
        DEPLOY_PORT: String(DEPLOY_PORT),
      },
      url: `http://localhost:${SITE_PORT}/builds/latest.json`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      // SIGTERM lets the server stop the emulator it started before it exits.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
    {
      command: 'npm run serve -w deploy',
      cwd: '..',
      // No API here (SITE_API=off): its database allows one process, the server above.
      env: {
        PORT: String(NO_SIGN_IN_PORT),
        AUTH_EMULATOR: 'off',
        SITE_API: 'off',
        SSR_BUDGET_MS: '5000',
        DEPLOY_PORT: 'off',
      },
      url: `http://localhost:${NO_SIGN_IN_PORT}/builds/latest.json`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    ...Object.entries(STANDALONE_PORTS).map(([name, port]) => ({
      command: `npx tsx ../deploy/src/serve-dir.ts dist ${port}`,
      cwd: `../${name.replace('_', '-')}`,
      // The harness forwards /api to the composed site's API (one database process, the server above).
      env: { API_ORIGIN: `http://localhost:${SITE_PORT}` },
      url: `http://localhost:${port}/remoteEntry.js`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    })),
  ],
});
