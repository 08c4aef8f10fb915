import type { ReactNode } from 'react';

/** A non-blocking notice at the bottom of the screen, announced politely to screen readers. */
export function Toast({ children, action }: { children: ReactNode; action?: ReactNode }): ReactNode {
  return (
    <div className="ui-toast" role="status" aria-live="polite">
      <span>{children}</span>
      {action}
    </div>
  );
}
