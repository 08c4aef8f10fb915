import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { addErrorHandler, mountRootParcel, type Parcel } from 'single-spa';
import { isSiteError, type LifeCycles, type RemoteName, type RemoteProps } from '../contracts';

export type OutletProps = Omit<RemoteProps, 'onRemoteError'>;

export interface ParcelOutletProps {
  /** The remote's container name (logs and test ids). */
  name: RemoteName;
  /** Loads the remote's `./app` module. Called again, fresh, on every retry. */
  load: () => Promise<LifeCycles<RemoteProps>>;
  /** The router state pushed to the remote on mount and on every change. */
  props: OutletProps;
  /** Shown while the remote's code loads. */
  loading: ReactNode;
  /** Shown instead of the remote when it fails to load, mount or render. */
  renderError: (error: Error, retry: () => void) => ReactNode;
  /**
   * The remote's page as the server rendered it: shown from the first render, and the first mount
   * hydrates it in place instead of rendering afresh.
   */
  serverHtml?: string;
}

type Status = 'loading' | 'mounted' | 'error';

let errorHandlerAdded = false;

/**
 * single-spa rethrows a parcel's error asynchronously (an uncaught error on the page) unless an
 * error handler is registered. The outlet that owns the parcel reports and shows the error itself.
 */
function ensureErrorHandler(): void {
  if (errorHandlerAdded) return;
  errorHandlerAdded = true;
  addErrorHandler((error) =>
    console.warn(`[${error.appOrParcelName}] parcel error handled by its outlet: ${error.message}`),
  );
}

/**
 * Mounts a remote as a single-spa parcel and keeps it in step with the router. Mount, update and
 * unmount run through one promise queue, because single-spa rejects calls that overlap ("Cannot
 * update parcel … not mounted"). Failures stay inside this element; the rest of the page works.
 */
export function ParcelOutlet({
  name,
  load,
  props,
  loading,
  renderError,
  serverHtml,
}: ParcelOutletProps): ReactNode {
  const domRef = useRef<HTMLDivElement>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const parcelRef = useRef<Parcel<RemoteProps> | null>(null);
  const latestProps = useRef(props);
  useLayoutEffect(() => {
    latestProps.current = props;
  });
  /** The current attempt's error handler; errors of an abandoned attempt are ignored. */
  const failRef = useRef<(reason: unknown) => void>(() => undefined);
  const [status, setStatus] = useState<Status>(serverHtml === undefined ? 'loading' : 'mounted');
  // The parcel's element keeps this HTML as React's content for the outlet's whole life: React then
  // never touches what the remote renders inside it (a changed value would replace the remote's DOM).
  // Only over server HTML: a container React filled with HTML and then handed to the remote's own
  // root is what React warns of in development ("a container … with dangerouslySetInnerHTML").
  const [initialHtml] = useState(() => (serverHtml ? { __html: serverHtml } : undefined));
  /** Only the first mount may hydrate: after a retry or a remount the server's HTML is gone or stale. */
  const hydrateNext = useRef(serverHtml !== undefined);
  const [error, setError] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);
  /** The remote's page answers input: its parcel has mounted (hydrated, over server HTML). */
  const [live, setLive] = useState(false);
  /** Where the last error was reported: a page error (a remote's 404) belongs to that location only. */
  const errorPath = useRef<string | null>(null);
  const path = `${props.location.pathname}${props.location.search}`;

  useEffect(() => {
    const domElement = domRef.current;
    if (!domElement) return;
    let active = true;
    const fail = (reason: unknown): void => {
      if (!active) return;
      const failure = reason instanceof Error ? reason : new Error(String(reason));
      console.error(`[${name}] ${failure.message}`);
      errorPath.current = `${latestProps.current.location.pathname}${latestProps.current.location.search}`;
      setError(failure);
      setStatus('error');
    };
    failRef.current = fail;
    const onRemoteError = (reason: Error): void => fail(reason);
    const enqueue = (task: () => Promise<unknown> | undefined): void => {
      queue.current = queue.current.then(task).catch(fail);
    };

    ensureErrorHandler();
    enqueue(async () => {
      if (!active) return;
      const hydrate = hydrateNext.current;
      hydrateNext.current = false;
      const mountedWith = latestProps.current;
      const parcel = mountRootParcel<RemoteProps>(() => load() as never, {
        domElement,
        ...mountedWith,
        onRemoteError,
        ...(hydrate ? { hydrate } : {}),
      });
      parcelRef.current = parcel;
      // The load and bootstrap promises reject with the same error as mountPromise, awaited below.
      parcel.loadPromise.catch(() => undefined);
      parcel.bootstrapPromise.catch(() => undefined);
      await parcel.mountPromise;
      if (!active) return;
      setStatus('mounted');
      setLive(true);
      // Over server HTML the outlet shows as mounted from the start, so a navigation made while the
      // remote is still loading finds no parcel to update: give it the location it missed.
      if (latestProps.current !== mountedWith && parcel.update)
        await parcel.update({ ...latestProps.current, onRemoteError });
    });

    return () => {
      active = false;
      setLive(false);
      const parcel = parcelRef.current;
      parcelRef.current = null;
      queue.current = queue.current
        .then(() => (parcel?.getStatus() === 'MOUNTED' ? parcel.unmount() : undefined))
        .catch((reason: unknown) => console.error(`[${name}] unmount failed`, reason));
    };
    // `attempt` is the retry counter: a new value must start a fresh load.
    // oxlint-disable-next-line react/exhaustive-effect-dependencies
  }, [attempt, load, name]);

  useEffect(() => {
    if (status !== 'mounted') return;
    queue.current = queue.current
      .then(() => {
        const parcel = parcelRef.current;
        if (parcel?.getStatus() !== 'MOUNTED' || !parcel.update) return undefined;
        return parcel.update({ ...props, onRemoteError: (reason: Error) => failRef.current(reason) });
      })
      .catch((reason: unknown) => failRef.current(reason));
  }, [status, props]);

  // After a page error the remote is still mounted behind the error page: a navigation to another
  // path shows it again (and pushes it the new location) instead of keeping the error on every page it owns.
  useEffect(() => {
    if (status !== 'error' || !error || !isSiteError(error) || path === errorPath.current) return;
    // Still mounted (or mid-update: the 404 may come from the render an update started).
    const parcelStatus = parcelRef.current?.getStatus();
    if (parcelStatus !== 'MOUNTED' && parcelStatus !== 'UPDATING') return;
    setError(null);
    setStatus('mounted');
  }, [status, error, path]);

  const retry = (): void => {
    setError(null);
    setStatus('loading');
    setAttempt((count) => count + 1);
  };

  return (
    // data-live: until then a server-rendered page shows but does not answer clicks or typing (tools and tests wait for it).
    <div
      className="remote-outlet"
      data-remote={name}
      data-status={status}
      data-live={live && status === 'mounted' ? '' : undefined}
      aria-busy={status === 'loading'}
    >
      {status === 'loading' ? loading : null}
      {status === 'error' && error ? renderError(error, retry) : null}
      {/* Shown once mounted: a remote paints its first content inside mount, and, visible under the
          loading placeholder, that content would jump up when the placeholder goes (a layout shift). */}
      <div
        ref={domRef}
        hidden={status !== 'mounted'}
        data-remote-page=""
        dangerouslySetInnerHTML={initialHtml}
      />
    </div>
  );
}
