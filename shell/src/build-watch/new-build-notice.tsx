import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button, Toast } from '@arttoy/shared/ui';
import { useBuildCheckProblem, useNewBuildId } from './new-build-store';

/**
 * Tells the visitor a new version is live, without interrupting them; the next navigation loads
 * it with a full page load (the new shell, remotes and manifest).
 */
export function NewBuildNotice(): ReactNode {
  const buildId = useNewBuildId();
  const checkProblem = useBuildCheckProblem();
  const location = useLocation();
  const seenAt = useRef<string | null>(null);

  useEffect(() => {
    if (!buildId) return;
    if (seenAt.current === null) {
      seenAt.current = location.key;
      return;
    }
    if (seenAt.current !== location.key) window.location.reload();
  }, [buildId, location.key]);

  if (!buildId) {
    // Nothing for the visitor to do: the page runs on, and the next check may clear it.
    return checkProblem ? (
      <Toast>
        Could not check for a newer version of ArtToy Club. This page keeps the version it has and works as
        before.
      </Toast>
    ) : null;
  }
  return (
    <Toast
      action={
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Reload now
        </Button>
      }
    >
      A new version of ArtToy Club is available. It loads when you open the next page.
    </Toast>
  );
}
