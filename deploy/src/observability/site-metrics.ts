/**
 * The site server's own metrics: its server renders, by app (a remote, or the shell), that app's
 * version and the outcome. On the registry that also holds the requests (registerHttpMetrics,
 * covering the pages and the API mounted in this process), the API's metrics and the process's;
 * docs/architecture/observability.md lists them all.
 */
import { Counter, type Registry } from 'prom-client';

/**
 * - `rendered`: the app's HTML went out in the document.
 * - `browser_only`: a page its app renders in the browser only (a locker), by design.
 * - `over_budget`: its reads and render took longer than SSR_BUDGET_MS; the browser renders it.
 * - `failed`: no server container, a throw, an integrity mismatch; the browser renders it.
 */
export type RenderOutcome = 'rendered' | 'browser_only' | 'over_budget' | 'failed';

/** Hears each server render's outcome (render-page.ts). */
export type RenderObserver = (app: string, version: string, outcome: RenderOutcome) => void;

export function createRenderMetrics(registry: Registry): RenderObserver {
  const renders = new Counter({
    name: 'site_server_renders_total',
    help: 'Server renders by app (a remote or the shell), its version and outcome: rendered, browser_only, over_budget, failed (the last two fell back to the browser).',
    labelNames: ['app', 'version', 'outcome'] as const,
    registers: [registry],
  });
  return (app, version, outcome) => renders.inc({ app, version, outcome });
}
