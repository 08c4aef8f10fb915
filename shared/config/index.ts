import {
  DEFAULT_RUNTIME_CONFIG,
  parseRuntimeConfig,
  RUNTIME_CONFIG_ELEMENT_ID,
  type RuntimeConfig,
} from '../contracts';

let cached: RuntimeConfig | null = null;

/**
 * The page's runtime config, read once from the JSON the site server writes into the document.
 * A page without it (a remote's standalone harness) or with a broken one runs on the defaults,
 * with sign-in disabled, and says why in the console.
 */
export function runtimeConfig(): RuntimeConfig {
  if (cached) return cached;
  const element = typeof document === 'undefined' ? null : document.getElementById(RUNTIME_CONFIG_ELEMENT_ID);
  if (!element?.textContent) {
    cached = DEFAULT_RUNTIME_CONFIG;
    return cached;
  }
  try {
    cached = parseRuntimeConfig(JSON.parse(element.textContent), `#${RUNTIME_CONFIG_ELEMENT_ID}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    cached = DEFAULT_RUNTIME_CONFIG;
  }
  return cached;
}

/** Forgets the cached config (tests). */
export function resetRuntimeConfig(): void {
  cached = null;
}
