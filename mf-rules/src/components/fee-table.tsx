import type { ReactNode } from 'react';
import {
  FIGURES_IN_BASE_FEE,
  formatDeliveryDays,
  formatMoney,
  SHIPPING_ZONES,
} from '@arttoy/shared/contracts/api';

/**
 * The ship-out fees, from the table the locker's form quotes and the API charges. It scrolls
 * sideways on a narrow screen, so the region takes the keyboard focus (arrow keys scroll it) and
 * says it scrolls, with a shadow at the edge that has more.
 */
export function FeeTable(): ReactNode {
  return (
    <div className="fee-table content-prose">
      {/* A scrollable region must take the focus, or keyboard users cannot scroll it (axe: scrollable-region-focusable). */}
      <div
        className="fee-table__scroll"
        role="region"
        aria-label="Shipping fees by destination"
        aria-describedby="fee-table-cue"
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <table>
          <thead>
            <tr>
              <th scope="col">Destination</th>
              <th scope="col">Fee (up to {FIGURES_IN_BASE_FEE} figures)</th>
              <th scope="col">Each extra figure</th>
              <th scope="col">Typical delivery</th>
            </tr>
          </thead>
          <tbody>
            {SHIPPING_ZONES.map((zone) => (
              <tr key={zone.id}>
                <th scope="row">{zone.label}</th>
                <td>{formatMoney(zone.fee)}</td>
                <td>{formatMoney(zone.extraFigureFee)}</td>
                <td>{formatDeliveryDays(zone.deliveryDays)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p id="fee-table-cue" className="fee-table__cue">
        Scroll the table sideways to see every column.
      </p>
    </div>
  );
}
