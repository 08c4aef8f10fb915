import { createContext, useContext, useEffect } from 'react';
import { noMatchError, type RemoteProps } from '@arttoy/shared/contracts';

/** The shell's props for the pages that need more than the router: reporting a missing box. */
export const ShellProps = createContext<RemoteProps | null>(null);

/**
 * Hands "no such box" to the shell, which shows the site's one 404 page (an error with
 * statusCode 404 from a remote), so a missing box reads like every other missing page.
 */
export function useNotFound(missing: boolean): void {
  const shell = useContext(ShellProps);
  if (!shell)
    throw new Error('useNotFound: render inside MysteryBoxApp (app.tsx), which provides the shell props.');
  const { onRemoteError, location } = shell;
  const fullPath = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (missing) onRemoteError(noMatchError(fullPath));
  }, [missing, fullPath, onRemoteError]);
}
