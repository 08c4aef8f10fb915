// The monolith's stand-in for shell/src/federation/remotes.ts (swapped in by the config factory's
// `monolith` option): every remote's `./app` is a lazy chunk of the one build, imported directly, so
// the benchmark compares the same code with and without run-time composition.
import type { LifeCycles, RemoteName, RemoteProps } from '@arttoy/shared/contracts';

type Loader = () => Promise<LifeCycles<RemoteProps>>;

const apps: Record<RemoteName, Loader> = {
  mf_gallery: () => import(/* webpackChunkName: "expose-mf_gallery" */ '@arttoy/mf-gallery/app'),
  mf_blog: () => import(/* webpackChunkName: "expose-mf_blog" */ '@arttoy/mf-blog/app'),
  mf_mysterybox: () => import(/* webpackChunkName: "expose-mf_mysterybox" */ '@arttoy/mf-mysterybox/app'),
  mf_account: () => import(/* webpackChunkName: "expose-mf_account" */ '@arttoy/mf-account/app'),
  mf_rules: () => import(/* webpackChunkName: "expose-mf_rules" */ '@arttoy/mf-rules/app'),
};

/** Same contract as the federated loader: a failed chunk is not cached, so a retry loads it again. */
export function loadRemoteApp(name: RemoteName): Promise<LifeCycles<RemoteProps>> {
  return apps[name]();
}
