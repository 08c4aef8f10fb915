// One jest run over every workspace; each workspace is a project (`npm test -w mf-gallery` selects its own).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const browserProject = (name, roots) => ({
  displayName: name,
  roots,
  testEnvironment: '<rootDir>/shared/build/jest-environment.cjs',
  transform: { '^.+\\.[cm]?[jt]sx?$': swc },
  // ofetch and its helpers, and @noble/hashes (shared/fair), ship ES modules only: compile them like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(ofetch|destr|ufo|node-fetch-native|@noble/hashes)/)'],
  moduleNameMapper: { '\\.css$': '<rootDir>/shared/build/jest-style-stub.cjs' },
  setupFiles: ['<rootDir>/shared/build/jest-setup.cjs'],
  setupFilesAfterEnv: ['@testing-library/jest-dom', '<rootDir>/shared/build/jest-testing-library.cjs'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
});

export default {
  rootDir: import.meta.dirname,
  // One ceiling for every project (jest reads testTimeout only here, never in a project): above the
  // waiting queries' ceiling (shared/build/jest-testing-library.cjs), so a slow machine fails a test
  // by what it did not see, not by the clock; the API's requests go to a real database and the Auth
  // emulator on a loaded 2-core machine.
  testTimeout: 30_000,
  projects: [
    browserProject('shared', ['<rootDir>/shared']),
    browserProject('shell', ['<rootDir>/shell/src']),
    ...['mf-gallery', 'mf-blog', 'mf-mysterybox', 'mf-account', 'mf-rules'].map((app) =>
      browserProject(app, [`<rootDir>/${app}/src`]),
    ),
    {
      displayName: 'deploy',
      roots: ['<rootDir>/deploy/src'],
      testEnvironment: 'node',
      transform: { '^.+\\.[cm]?[jt]sx?$': swc },
      // fastify's inject (light-my-request) requires cookie@2, which ships ES modules only: compile it like our own code.
      // The site server mounts the API: PGlite, @fastify/cookie and @noble/hashes load ES modules or use import() too,
      // and so does content-disposition under the API reference page's @fastify/static.
      transformIgnorePatterns: [
        '/node_modules/(?!(?:.+/node_modules/)?(?:cookie|@fastify/cookie|@electric-sql/pglite|@noble/hashes|content-disposition)/)',
      ],
      testMatch: ['**/*.test.ts'],
    },
    {
      // The documents: ARCHITECTURE.md's folder map against the repository.
      displayName: 'docs',
      roots: ['<rootDir>/docs'],
      testEnvironment: 'node',
      transform: { '^.+\\.[cm]?[jt]sx?$': swc },
      testMatch: ['**/*.test.ts'],
    },
    {
      // The API, on PGlite (default) or on PostgreSQL when DATABASE_URL is set (npm run test:pg -w api).
      // globalSetup starts the Firebase Auth emulator and prepares the database; nothing needs to run beforehand.
      displayName: 'api',
      roots: ['<rootDir>/api/src'],
      testEnvironment: 'node',
      transform: { '^.+\\.[cm]?[jt]sx?$': swc },
      // Also PGlite: its CommonJS build loads Node modules with import(), which jest's VM refuses
      // without --experimental-vm-modules; compiled, those become require().
      // And @noble/hashes (ES modules only), which draws use through @arttoy/shared/fair, content-disposition
      // (the reference page's @fastify/static), and the OpenAPI linter openapi.test.ts runs
      // (@redocly/openapi-core and its ES-module dependencies).
      transformIgnorePatterns: [
        '/node_modules/(?!(?:.+/node_modules/)?(?:cookie|@electric-sql/pglite|@noble/hashes|content-disposition|@redocly/openapi-core|@redocly/config|jsonpath-rfc9535|colorette)/)',
      ],
      testMatch: ['**/*.test.ts'],
      // `*.postgres.test.ts`: several API processes on one database, which only PostgreSQL can be;
      // they run in the PostgreSQL pass of `npm test` (npm run test:pg -w api).
      testPathIgnorePatterns: /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')
        ? ['/node_modules/']
        : ['/node_modules/', '\\.postgres\\.test\\.ts$'],
      globalSetup: '<rootDir>/api/src/test/global-setup.ts',
      globalTeardown: '<rootDir>/api/src/test/global-teardown.ts',
    },
  ],
};
