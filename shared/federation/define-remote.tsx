import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { Lifecycle, LifeCycles, RemoteName, RemoteProps } from '../contracts';

interface BoundaryProps extends RemoteProps {
  children?: ReactNode;
}

/**
 * Catches render errors inside a remote and hands them to the shell, which shows its contained
 * fallback. Parcel errors are asynchronous: the shell's own error boundaries never see them.
 */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[remote] render error`, error, info.componentStack);
    this.props.onRemoteError(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The single-spa lifecycles (bootstrap, mount, update, unmount) around a remote's root component.
 * `App` receives the shell's RemoteProps and renders its own `<Router>` with them. A remote does
 * not call this itself: `remoteApp` (federation/remote) does, with the root `createRemote` made.
 * Part of the shared singleton, under this name and with these options: every deployed remote,
 * whichever its version, takes its lifecycles from the one copy the page loaded.
 */
export function defineRemote(options: {
  name: RemoteName;
  App: ComponentType<RemoteProps>;
  /**
   * Loads what the first render of the page at `location` needs (its lazy page's code) before a
   * mount hydrates the server's HTML: a page still loading would render its placeholder, which
   * does not match the server's page.
   */
  prepare?: (props: RemoteProps) => Promise<unknown>;
}): LifeCycles<RemoteProps> {
  if (!/^mf_[a-z]+$/.test(options.name)) {
    throw new Error(`defineRemote: name must be a container name such as mf_gallery, got "${options.name}".`);
  }
  /** Read by single-spa-react as it mounts: set just before, from the mount's props. */
  let renderType: 'createRoot' | 'hydrateRoot' = 'createRoot';
  // single-spa-react types its components with single-spa's AppProps too; a parcel's extra props are not used here.
  const lifecycles = singleSpaReact<RemoteProps>({
    React,
    ReactDOMClient,
    rootComponent: options.App,
    errorBoundaryClass: RemoteErrorBoundary,
    renderType: () => renderType,
  } as unknown as Parameters<typeof singleSpaReact<RemoteProps>>[0]) as unknown as LifeCycles<RemoteProps> & {
    mount: Lifecycle<RemoteProps>;
  };
  const mount: Lifecycle<RemoteProps> = async (props) => {
    if (props.hydrate) await options.prepare?.(props);
    renderType = props.hydrate ? 'hydrateRoot' : 'createRoot';
    return lifecycles.mount(props);
  };
  return { ...lifecycles, mount };
}
