import type { ShownOdds } from '../contracts/odds';

/**
 * One line of a box's odds, written the one way the site shows odds (`showOdds`): the rounded
 * percentage, and the exact odds behind a disclosure (a native details element: keyboard and
 * screen-reader operable without script, and the same in the server's HTML). A div: put it where
 * flow content may go (not in a <p>).
 */
export function Odds({ odds, label }: { odds: ShownOdds; label: string }) {
  return (
    <div className="ui-odds">
      <strong>{odds.percent}</strong>{' '}
      <details className="ui-odds__exact">
        <summary aria-label={`Exact odds of ${label}`}>Exact</summary>
        {`${odds.exact} (${odds.oneIn})`}
      </details>
    </div>
  );
}
