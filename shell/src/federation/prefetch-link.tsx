import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router';
import { prefetchPagePayload } from './navigation-payload';
import { whenPageSettled } from './page-settled';
import { sitePrefetcher } from './site-prefetcher';

let observer: IntersectionObserver | null = null;
const observed = new WeakMap<Element, string>();

/** One IntersectionObserver for every link on the page: a link prefetches when it scrolls into view. */
function sharedObserver(): IntersectionObserver | null {
  if (typeof IntersectionObserver === 'undefined') return null;
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const path = observed.get(entry.target);
      if (!entry.isIntersecting || !path) continue;
      sitePrefetcher.prefetch(path);
      observer?.unobserve(entry.target);
    }
  });
  return observer;
}

function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 3000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}

/** A router link that loads its target's code when visible (once the page settled, then idle) or on pointer-enter / focus, and its page's payload on pointer-enter / focus. */
export function PrefetchLink({
  to,
  onPointerEnter,
  onFocus,
  ...rest
}: ComponentProps<typeof Link> & { to: string }): ReactNode {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let active = true;
    let cancelIdle = () => {};
    // Links in view wait for the page to settle, then for idle time: guesses never slow the page being opened.
    void whenPageSettled().then(() => {
      if (!active) return;
      cancelIdle = whenIdle(() => {
        const io = sharedObserver();
        if (!io) return;
        observed.set(element, to);
        io.observe(element);
      });
    });
    return () => {
      active = false;
      cancelIdle();
    };
  }, [to]);
  useEffect(() => {
    const element = ref.current;
    return () => {
      if (element) observer?.unobserve(element);
    };
  }, []);
  return (
    <Link
      ref={ref}
      to={to}
      onPointerEnter={(event) => {
        sitePrefetcher.prefetch(to);
        prefetchPagePayload(to);
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        sitePrefetcher.prefetch(to);
        prefetchPagePayload(to);
        onFocus?.(event);
      }}
      {...rest}
    />
  );
}
