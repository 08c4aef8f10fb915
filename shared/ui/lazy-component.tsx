import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

export interface LazyComponentOptions {
  /** Shown while the code loads (a Skeleton in the page's shape). */
  fallback: ReactNode;
  /**
   * Told of a failed load started by a render (not by `preload`). Return true when handled (the
   * page is reloading, say): the fallback stays. Otherwise the error goes to the nearest error boundary.
   */
  onLoadError?: (error: unknown) => boolean;
}

export interface LazyComponent<P extends object> {
  (props: P): ReactNode;
  /** Starts loading the code now (a prefetch); a component loaded before its first render shows at once. */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * A component whose code loads on first use, like React.lazy, but without Suspense: it shows
 * `fallback` while loading and the component once loaded, and a component already loaded (by an
 * earlier page or by `preload`) renders in the same frame as the navigation to it.
 *
 * Why not React.lazy: React shows content that replaces a Suspense fallback no sooner than 300 ms
 * after the fallback appeared (its fallback throttle), so a page whose code arrives at once would
 * still wait 300 ms, on every first load of a remote's page and on every first navigation to one.
 * A failed load is not kept: the next render loads afresh.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: LazyComponentOptions,
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;

  const preload = (): Promise<ComponentType<P>> => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };

  function Lazy(props: P): ReactNode {
    // Held in an object: React would call a component given to setState as an updater.
    const [state, setState] = useState<{ component: ComponentType<P> | null; error: unknown }>(() => ({
      component: loaded,
      error: null,
    }));
    const waiting = state.component === null && state.error === null;
    useEffect(() => {
      if (!waiting) return;
      let active = true;
      preload().then(
        (component) => {
          if (active) setState({ component, error: null });
        },
        (error: unknown) => {
          if (active && !options.onLoadError?.(error))
            setState({ component: null, error: error ?? new Error('The page code failed to load.') });
        },
      );
      return () => {
        active = false;
      };
    }, [waiting]);

    if (state.error !== null) throw state.error;
    if (state.component === null) return options.fallback;
    const Component = state.component;
    return <Component {...props} />;
  }
  Lazy.preload = preload;
  return Lazy;
}
