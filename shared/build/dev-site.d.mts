// Types of the development site's helpers (dev-site.mjs), for TypeScript callers (the dev launcher, tests).

export const DEV_PORTS: Readonly<
  Record<'shell' | 'mf_gallery' | 'mf_blog' | 'mf_mysterybox' | 'mf_account' | 'mf_rules', number>
>;
export const DEV_HOST: string;
export function devPortOffset(env?: Record<string, string | undefined>): number;
export function devPort(name: string, env?: Record<string, string | undefined>): number;
export function devApiTarget(env?: Record<string, string | undefined>): string;
export function devServerOrigin(name: string, env?: Record<string, string | undefined>): string;
export function devBuildId(startedAt: number): string;
export function devManifest(startedAt: number): {
  id: string;
  timestamp: number;
  prerendered: string[];
  routeRules: Record<string, Record<string, unknown>>;
  apps: Record<string, { version: string; entry: string }>;
};
export function devSiteSettings(env?: Record<string, string | undefined>): {
  head: string;
  contentSecurityPolicy: string | null;
};
export function devDocument(html: string, buildId: string, head: string): string;
export function isDocumentRequest(method: string, url: string, accept: string | undefined): boolean;
export function devSiteMiddlewares(options?: {
  startedAt?: number;
  settings?: { head: string; contentSecurityPolicy: string | null };
}): (middlewares: unknown[], devServer: unknown) => unknown[];
