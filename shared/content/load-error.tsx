import type { ReactNode } from 'react';
import { Button } from '@arttoy/shared/ui';

/** What could not load, in plain words, with a retry. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }): ReactNode {
  return (
    <div className="content-state" role="alert">
      <p>{what} could not load. Check your connection and try again.</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
