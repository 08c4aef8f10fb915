/**
 * What the development site's documents carry, written by the site server's own code so a page in
 * `npm run dev` is made like a published one: the runtime config (sign-in against the Auth
 * emulator) and the Content-Security-Policy, which lets in the apps' dev servers (their scripts
 * and hot-update sockets) and still refuses eval and inline script.
 */
import { parseBuildMeta, RUNTIME_CONFIG_ELEMENT_ID, type RuntimeConfig } from '@arttoy/shared/contracts';
import { DEV_PORTS, devManifest, devServerOrigin } from '@arttoy/shared/build/dev-site.mjs';
import { contentSecurityPolicy } from '../content-security-policy';
import { runtimeConfigElement } from '../runtime-config';

/** The origin of every app's dev server (the shell's too: its own hot-update socket). */
export function devServerOrigins(): string[] {
  return Object.keys(DEV_PORTS).map((name) => devServerOrigin(name));
}

/** The value of ARTTOY_DEV_SITE for the shell's dev server (shared/build/dev-site.mjs reads it). */
export function devSiteEnvironment(config: RuntimeConfig, startedAt = Date.now()): string {
  // The same manifest the shell's dev server answers, checked against the contract the shell reads it with.
  const meta = parseBuildMeta(devManifest(startedAt), 'the dev manifest');
  return JSON.stringify({
    head: runtimeConfigElement(config, RUNTIME_CONFIG_ELEMENT_ID),
    contentSecurityPolicy: contentSecurityPolicy(meta, config, { devServers: devServerOrigins() }),
  });
}
