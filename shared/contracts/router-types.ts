/**
 * Structural copies of react-router's Location / Navigator types. Each app bundles its own
 * react-router, so the contract must not depend on any one copy's type identity.
 */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export interface Location extends Path {
  state: unknown;
  key: string;
}

export type To = string | Partial<Path>;

export interface NavigateOptions {
  preventScrollReset?: boolean;
  relative?: 'route' | 'path';
  flushSync?: boolean;
  viewTransition?: boolean;
}

export interface Navigator {
  createHref: (to: To) => string;
  encodeLocation?: (to: To) => Path;
  go: (delta: number) => void;
  push: (to: To, state?: unknown, opts?: NavigateOptions) => void;
  replace: (to: To, state?: unknown, opts?: NavigateOptions) => void;
}
