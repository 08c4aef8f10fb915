import type { BoxOdds } from '@arttoy/shared/contracts/api';
import { FigureArt } from './figure-art';
import { formatOneIn, formatPercent } from './format';

/** Every figure a box can hold, secret ones included, with its art and published probability. */
export function OddsGrid({ odds }: { odds: readonly BoxOdds[] }) {
  const lines = odds.toSorted((a, b) => a.figure.number - b.figure.number);
  return (
    <ul className="mb-odds" aria-label="Figures and their odds">
      {lines.map((line) => (
        <li key={line.figure.id} className={line.figure.rarity === 'secret' ? 'mb-odds__item mb-odds__item--secret' : 'mb-odds__item'}>
          <FigureArt src={line.figure.artUrl} alt={`${line.figure.name}, figure ${line.figure.number}`} size={160} />
          <p className="mb-odds__name">
            {line.figure.name}
            {line.figure.rarity === 'secret' ? <span className="mb-badge">Secret</span> : null}
          </p>
          <p className="mb-odds__chance">
            <strong>{formatPercent(line.oddsPpm)}</strong> <span>({formatOneIn(line.oddsPpm)})</span>
          </p>
          {line.stock === 0 ? <p className="mb-stock mb-stock--out">None left</p> : null}
        </li>
      ))}
    </ul>
  );
}
