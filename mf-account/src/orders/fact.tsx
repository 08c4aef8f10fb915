import type { ReactNode } from 'react';

/** One term and its value in a list of an order's facts (`<dl className="orders-facts">`). */
export function Fact({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
