import { createContext, useCallback, useContext, useEffect } from 'react';
import { noMatchError, type RemoteProps } from '@arttoy/shared/contracts';

/** The shell's props inside a remote that shows content, for what the remote's router does not cover. */
export const ContentRemoteContext = createContext<RemoteProps | null>(null);

function useRemoteProps(): RemoteProps {
  const remote = useContext(ContentRemoteContext);
  if (!remote)
    throw new Error(
      "Content pages need the shell props: render them inside <ContentRemoteContext value={props}> in the remote's app.tsx.",
    );
  return remote;
}

/**
 * Goes to any path of the site through the shell's navigator. A remote's own `navigate` and `<Link>`
 * resolve under its basename (`/rules/x` from the blog would become `/blog/rules/x`).
 */
export function useSiteNavigate(): (path: string) => void {
  const { navigator } = useRemoteProps();
  return useCallback((path: string) => navigator.push(path), [navigator]);
}

/**
 * Hands a missing document to the shell, which shows its 404 page: every 404 of the site looks
 * the same, and the server answers such paths with HTTP 404 too.
 */
export function useReportNotFound(missing: boolean): void {
  const { onRemoteError, location } = useRemoteProps();
  const fullPath = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (missing) onRemoteError(noMatchError(fullPath));
  }, [missing, fullPath, onRemoteError]);
}
