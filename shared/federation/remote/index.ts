/**
 * The skeleton of a remote: from its pages (`createRemote` in its src/routes.tsx), its `./app`
 * (`remoteApp`) and the hooks its pages use for the shell's props. `./server` comes from
 * `@arttoy/shared/federation/remote/server`; the QA harness from `@arttoy/shared/harness`.
 * Not a shared singleton: it renders with react-router, which each app bundles for itself, so
 * every remote bundles its own copy of this skeleton.
 */
export { remoteApp } from './app';
export { createRemote, type Remote, type RemoteOptions, type RemotePage } from './create-remote';
export { lazyPage } from './lazy-page';
export { matchPage, type PageMatch } from './page-match';
export { useRemote, useReportNotFound, useSiteNavigate } from './remote-context';
