// Types of the config factory (webpack.mjs), for TypeScript callers such as its tests.

export const SHELL_BASE_PLACEHOLDER: string;

export interface MonolithOptions {
  /** Absolute path of the module that replaces the shell's src/federation/remotes.ts. */
  remotes: string;
  /** Absolute folder the monolith is written to. */
  outputDir: string;
}

export interface AppOptions {
  name: string;
  dir: string;
  port: number;
  title: string;
  runtimePlugins?: string[];
  monolith?: MonolithOptions;
}

export interface AppConfig {
  name: string;
  target?: string;
  cache?:
    | false
    | { type: 'filesystem'; name: string; cacheDirectory: string; buildDependencies: { config: string[] } };
  output: { path: string; clean?: boolean | { keep: RegExp }; library?: { type: string } };
  plugins: object[];
  [key: string]: unknown;
}

/** `development` adds react/jsx-dev-runtime (what development builds compile JSX to). */
export function sharedModules(options?: {
  development?: boolean;
  /** The app's folder: its package.json's range of @arttoy/shared is what the app requires. */
  dir?: string;
}): Record<string, { singleton: boolean; requiredVersion: string; version?: string }>;
/** webpack-dev-server's options for an app (development only; production configs have none). */
export function devServerOptions(options: { port: number; isHost: boolean }): Record<string, unknown>;
/** A production build of an app with src/server.tsx is [browser, server]; anything else the browser build alone. */
export function createConfig(
  options: AppOptions,
): (env: unknown, argv?: { mode?: string }) => AppConfig | [AppConfig, AppConfig];
