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
  output: { path: string };
  plugins: object[];
  [key: string]: unknown;
}

export function sharedModules(): Record<string, { singleton: boolean; requiredVersion: string; version?: string }>;
export function createConfig(options: AppOptions): (env: unknown, argv?: { mode?: string }) => AppConfig;
