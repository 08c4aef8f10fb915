import type { ComponentType } from 'react';
import { lazyComponent, Skeleton, type LazyComponent } from '@arttoy/shared/ui';

/**
 * A page whose code is a chunk of its own, loaded on its first render, or ahead by the remote's
 * prefetch and before a hydration. `label` names the placeholder shown while it loads.
 */
export function lazyPage(load: () => Promise<ComponentType>, label: string): LazyComponent<object> {
  return lazyComponent(load, { fallback: <Skeleton lines={4} label={label} /> });
}
