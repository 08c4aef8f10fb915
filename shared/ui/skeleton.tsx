import type { ReactNode } from 'react';

/** Placeholder lines shown while code or data loads; fades in after 150 ms so fast loads do not flash. */
export function Skeleton({ lines = 3, label = 'Loading…' }: { lines?: number; label?: string }): ReactNode {
  return (
    <div className="ui-skeleton" role="status" aria-label={label}>
      {Array.from({ length: lines }, (_, index) => (
        <div key={index} className="ui-skeleton__line" />
      ))}
    </div>
  );
}
