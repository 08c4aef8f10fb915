import type { ReactNode } from 'react';

/**
 * Placeholder shown while code or data loads, in the shape of what is coming (text lines or
 * cards); fades in after 150 ms so fast loads do not flash.
 */
export function Skeleton({
  lines = 3,
  label = 'Loading…',
  variant = 'lines',
}: {
  lines?: number;
  label?: string;
  variant?: 'lines' | 'cards';
}): ReactNode {
  return (
    <div className={`ui-skeleton ui-skeleton--${variant}`} role="status" aria-label={label}>
      {Array.from({ length: lines }, (_, index) => (
        <div key={index} className={variant === 'cards' ? 'ui-skeleton__card' : 'ui-skeleton__line'} />
      ))}
    </div>
  );
}
