import { formatCount, showOdds } from '@arttoy/shared/contracts';
import { Odds } from '@arttoy/shared/ui';
import { formatPercent } from './format';

export interface ChartRow {
  figureId: number;
  name: string;
  /** Published odds, ppm. */
  expectedPpm: number;
  observed: number;
}

const BAR_HEIGHT = 18;
const ROW_HEIGHT = 34;
const LABEL_WIDTH = 150;
const WIDTH = 560;

/**
 * Observed frequency (bar) against the published odds (tick) for each figure, as inline SVG. The
 * SVG is a picture for sighted readers; the table below it carries the same numbers for everyone.
 */
export function OddsChart({ rows, total }: { rows: readonly ChartRow[]; total: number }) {
  const share = (row: ChartRow) => (total === 0 ? 0 : row.observed / total);
  const scale = Math.max(0.01, ...rows.map((row) => Math.max(share(row), row.expectedPpm / 1_000_000))) * 1.1;
  const published = showOdds(rows.map((row) => row.expectedPpm));
  const x = (fraction: number) => ((WIDTH - LABEL_WIDTH - 70) * fraction) / scale;
  return (
    <figure className="mb-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${rows.length * ROW_HEIGHT + 8}`}
        width="100%"
        role="img"
        aria-label={`Observed share of each figure in ${formatCount(total)} simulated draws, against the published odds; the table below has the numbers.`}
      >
        {rows.map((row, index) => {
          const y = index * ROW_HEIGHT + 8;
          const expected = LABEL_WIDTH + x(row.expectedPpm / 1_000_000);
          return (
            <g key={row.figureId}>
              <text x={0} y={y + BAR_HEIGHT - 4} className="mb-chart__label">
                {row.name.length > 20 ? `${row.name.slice(0, 19)}…` : row.name}
              </text>
              <rect
                x={LABEL_WIDTH}
                y={y}
                width={Math.max(1, x(share(row)))}
                height={BAR_HEIGHT}
                className="mb-chart__bar"
                rx={3}
              />
              <line
                x1={expected}
                x2={expected}
                y1={y - 3}
                y2={y + BAR_HEIGHT + 3}
                className="mb-chart__expected"
              />
              <text x={LABEL_WIDTH + x(share(row)) + 6} y={y + BAR_HEIGHT - 4} className="mb-chart__value">
                {formatPercent(share(row) * 1_000_000)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mb-muted">
        Bars: share drawn in the simulation. Dark ticks: published odds.
      </figcaption>
      <table className="mb-table">
        <caption className="visually-hidden">Simulated draws against the published odds</caption>
        <thead>
          <tr>
            <th scope="col">Figure</th>
            <th scope="col">Published odds</th>
            <th scope="col">Expected</th>
            <th scope="col">Drawn</th>
            <th scope="col">Share drawn</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.figureId}>
              <th scope="row">{row.name}</th>
              <td>{published[index] ? <Odds odds={published[index]} label={row.name} /> : null}</td>
              <td>{formatCount(Math.round((row.expectedPpm * total) / 1_000_000))}</td>
              <td>{formatCount(row.observed)}</td>
              <td>{formatPercent(share(row) * 1_000_000)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
