/**
 * The contract between the shell and a remote. A remote exposes exactly one module, `./app`,
 * whose exports are the single-spa lifecycles below; the shell mounts it as a parcel.
 */
import type { Location, NavigationType, Navigator } from './router-types';
import type { SiteError } from './errors';

/**
 * The version of the contract in this file and in server-render.ts (what `./app` and `./server`
 * export, what RemoteProps and the server render input carry). Every build records the version it
 * was built against (contract.json); a remote is made live only with a shell of the same version.
 * Raise it with any change a built remote or shell cannot handle: a prop or lifecycle removed,
 * renamed or made required, a meaning changed. An optional addition that both sides ignore when
 * absent keeps it. shared/build/contract-plugin.mjs reads this line as written: keep it a literal.
 */
export const REMOTE_CONTRACT_VERSION = 1;

/** Container names: the Module Federation name, the single-spa name, the deploy-manifest key and the log prefix. */
export const REMOTE_NAMES = ['mf_gallery', 'mf_blog', 'mf_mysterybox', 'mf_account', 'mf_rules'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
/** Every app of the site, the shell included. */
export const APP_NAMES = ['shell', ...REMOTE_NAMES] as const;
export type AppName = (typeof APP_NAMES)[number];

/** The folder (and npm workspace) of an app: `mf_gallery` lives in `mf-gallery/`. */
export function appFolder(name: AppName): string {
  return name.replace('_', '-');
}

export function isRemoteName(value: unknown): value is RemoteName {
  return typeof value === 'string' && (REMOTE_NAMES as readonly string[]).includes(value);
}

/** What the shell passes to a remote on mount and on every update. Plain data and functions only. */
export interface RemoteProps {
  /** The URL prefix the remote owns (`/gallery`), or `/` for a remote that owns several top-level paths. */
  basename: string;
  /** The shell router's current location, including the basename. */
  location: Location;
  /** How the shell router reached `location` (POP, PUSH or REPLACE). */
  navigationType: NavigationType;
  /** The shell router's navigator: a remote's `<Link>` and `useNavigate` drive the one history through it. */
  navigator: Navigator;
  /** Reports an error the remote cannot handle itself; `statusCode: 404` shows the shell's not-found page. */
  onRemoteError: (error: SiteError | Error) => void;
  /** Set on the first mount only, when the parcel's element holds the server's HTML of this page: hydrate it. */
  hydrate?: boolean;
}

/** What a remote's `prefetch` reads ahead besides the page's code. */
export interface PrefetchOptions {
  /** The page's first read too (default true). */
  data?: boolean;
}

/** single-spa parcel lifecycles, as produced by single-spa-react. */
export type Lifecycle<P> = (props: P & ParcelRuntimeProps) => Promise<unknown>;
export interface LifeCycles<P = RemoteProps> {
  bootstrap: Lifecycle<P> | Array<Lifecycle<P>>;
  mount: Lifecycle<P> | Array<Lifecycle<P>>;
  unmount: Lifecycle<P> | Array<Lifecycle<P>>;
  update?: Lifecycle<P> | Array<Lifecycle<P>>;
  /**
   * Optional, beside the lifecycles in `./app`: loads the code of the remote's page at `path` (a site
   * path such as `/gallery/series/cloud-bakery`) before a navigation to it, and its first read where
   * that is cheap and cacheable (a rules page's or a post's document). The shell's link prefetcher
   * calls it; it resolves false when no page of the remote matches. `data: false`: the shell reads
   * the page's data itself (its `_payload.json`, where the site server renders pages), so only the
   * code is wanted; reading the data here as well would read it twice.
   */
  prefetch?: (path: string, options?: PrefetchOptions) => Promise<boolean>;
}

/** Props single-spa itself adds to a parcel's props. */
export interface ParcelRuntimeProps {
  domElement: HTMLElement;
  name?: string;
}
