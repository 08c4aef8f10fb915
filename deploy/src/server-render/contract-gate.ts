import { isRemoteName } from '@arttoy/shared/contracts';
import { contractProblems } from '@arttoy/shared/contracts/compat';
import type { ServerContainers } from './containers';

/**
 * Server containers that refuse a remote whose manifest entry does not fit the build's shell: its
 * container is never run in the shell's share scope, and its pages go out to render in the browser,
 * where the shell refuses it the same way and shows the remote's fallback.
 */
export function refuseMisfits(containers: ServerContainers): ServerContainers {
  return {
    load: (meta, app) => {
      if (isRemoteName(app)) {
        const problems = contractProblems(meta.apps.shell, meta.apps[app], app);
        if (problems.length > 0)
          return Promise.reject(
            new Error(`${app} ${meta.apps[app].version} does not fit the shell: ${problems.join(' ')}`),
          );
      }
      return containers.load(meta, app);
    },
  };
}
