/**
 * What a server's preload (`node --import`, `tsx --import`) runs before the server's modules load:
 * with an OTLP endpoint configured, the module hooks that let the pg driver be instrumented, then
 * tracing (tracing.ts). Without one it returns at once and starts nothing. A bad setting is left to
 * the server's own settings check, which names it and exits 2 before anything opens.
 */
import { register } from 'node:module';
import { apiEnvironment } from '../config';
import { tracingFrom } from './tracing-settings';

export async function preloadTracing(defaultServiceName: string): Promise<void> {
  let settings;
  try {
    settings = tracingFrom(apiEnvironment(), defaultServiceName);
  } catch {
    return;
  }
  if (!settings) return;
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  // ESM imports of the instrumented packages (pg) go through these hooks: `pg` is wrapped, nothing else.
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);
  const { startTracing } = await import('./tracing');
  startTracing(settings);
  await waitForAllMessagesAcknowledged();
}
