import type { BuildMeta, RuntimeConfig } from '@arttoy/shared/contracts';

/** Origins of the manifest's entries that are not this origin (remotes served from elsewhere). */
function remoteOrigins(meta: BuildMeta): string[] {
  const origins = Object.values(meta.apps)
    .map((app) => app.entry)
    .filter((entry) => /^https?:\/\//.test(entry))
    .map((entry) => new URL(entry).origin);
  return [...new Set(origins)];
}

/**
 * The origins a development server's code needs on a page: its scripts and hot updates over http,
 * and its hot-update socket over ws (a `http:` source does not cover `ws:`).
 */
export function devServerSources(origins: readonly string[]): { scripts: string[]; connections: string[] } {
  const scripts = [...new Set(origins.map((origin) => new URL(origin).origin))];
  return { scripts, connections: [...scripts, ...scripts.map((origin) => origin.replace(/^http/, 'ws'))] };
}

export interface PolicyOptions {
  /**
   * Development servers whose code this page runs: every app in `npm run dev`, or the remote a
   * developer's browser runs from source (shared/federation/remote-overrides.ts, loopback
   * origins only). Their scripts and hot-update sockets are allowed; eval stays refused (the dev
   * builds' source maps are files).
   */
  devServers?: readonly string[];
}

/**
 * The Content-Security-Policy of a page: scripts only from this origin and the origins the deploy
 * manifest names (plus Google's script host when Firebase sign-in is configured, which its popup
 * flow needs, and the development servers named in `options`); no inline or eval'd script; the
 * page cannot be framed.
 */
export function contentSecurityPolicy(
  meta: BuildMeta,
  config: RuntimeConfig,
  options: PolicyOptions = {},
): string {
  const dev = devServerSources(options.devServers ?? []);
  const remotes = [...new Set([...remoteOrigins(meta), ...dev.scripts])];
  const signIn = Boolean(config.firebase.apiKey && config.firebase.authDomain);
  const emulator = config.firebaseAuthEmulatorUrl ? [new URL(config.firebaseAuthEmulatorUrl).origin] : [];
  const authFrames = signIn ? [`https://${config.firebase.authDomain}`, ...emulator] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...(signIn ? ['https://apis.google.com'] : [])],
    // style-loader injects each app's stylesheet as a <style> element.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': [
      "'self'",
      ...new Set([...remotes, ...dev.connections]),
      ...(signIn
        ? ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', ...emulator]
        : []),
    ],
    'frame-src': authFrames.length > 0 ? authFrames : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
