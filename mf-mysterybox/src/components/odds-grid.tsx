import type { BoxOdds } from '@arttoy/shared/contracts/api';
import { FigureArt } from './figure-art';
import { formatOneIn, formatPercent } from './format';
import { SecretSilhouette } from './secret-silhouette';

/**
 * Every figure a box can hold with its published probability. A secret figure stays a "?"
 * silhouette until the visitor has pulled it (`pulled`: figure ids in their locker); its odds show
 * either way.
 */
export function OddsGrid({ odds, pulled }: { odds: readonly BoxOdds[]; pulled: ReadonlySet<number> }) {
  const lines = odds.toSorted((a, b) => a.figure.number - b.figure.number);
  return (
    <ul className="mb-odds" aria-label="Figures and their odds">
      {lines.map((line) => {
        const secret = line.figure.rarity === 'secret';
        const masked = secret && !pulled.has(line.figure.id);
        return (
          <li
            key={line.figure.id}
            className={secret ? 'mb-odds__item mb-odds__item--secret' : 'mb-odds__item'}
          >
            {masked ? (
              <SecretSilhouette
                label={`Secret figure, figure ${line.figure.number}: revealed once you pull it`}
              />
            ) : (
              <FigureArt
                src={line.figure.artUrl}
                alt={`${line.figure.name}, figure ${line.figure.number}`}
                size={160}
              />
            )}
            <p className="mb-odds__name">
              {masked ? 'Secret figure' : line.figure.name}
              {secret ? <span className="mb-badge">Secret</span> : null}
            </p>
            <p className="mb-odds__chance">
              <strong>{formatPercent(line.oddsPpm)}</strong> <span>({formatOneIn(line.oddsPpm)})</span>
            </p>
            {line.stock === 0 ? <p className="mb-stock mb-stock--out">None left</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
