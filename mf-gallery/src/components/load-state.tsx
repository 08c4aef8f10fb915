import type { ReactNode } from 'react';
import { HttpError, visitorMessage } from '@arttoy/shared/http';
import { Button, Skeleton } from '@arttoy/shared/ui';

/** What went wrong, in plain words: the visitor's copy of the server's refusal (visitorMessage). */
export function explain(error: Error): string {
  if (error instanceof HttpError && error.status === 0)
    return 'We could not reach the gallery. Check your connection, then try again.';
  if (error instanceof HttpError && error.status >= 500)
    return 'The gallery is having trouble right now. Please try again in a moment.';
  return visitorMessage(error);
}

/** A failed read: what happened and a retry, in place of the part of the page that failed. */
export function LoadError({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <div className="gallery-state gallery-state--error" role="alert">
      <p>
        <strong>{what} could not be loaded.</strong> {explain(error)}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** Nothing to show, said plainly, with a way on. */
export function Empty({ children }: { children: ReactNode }) {
  return <div className="gallery-state gallery-state--empty">{children}</div>;
}

/** Cards loading: the skeleton has the grid's shape, so nothing jumps when they arrive. */
export function CardsLoading({ label, count = 6 }: { label: string; count?: number }) {
  return <Skeleton variant="cards" lines={count} label={label} />;
}
