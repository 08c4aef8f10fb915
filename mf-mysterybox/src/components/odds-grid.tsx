import { showOdds } from '@arttoy/shared/contracts';
import type { BoxOdds } from '@arttoy/shared/contracts/api';
import { Odds } from '@arttoy/shared/ui';
import { FigureArt } from './figure-art';
import { SecretSilhouette } from './secret-silhouette';

/** What the visitor's locker says of a figure they own: its real name and art. */
export interface OwnedFigure {
  name: string;
  artUrl: string;
}

/**
 * Every figure a box can hold with its published probability, shown the one way (`showOdds`:
 * rounded to sum to 100%, the exact odds behind a disclosure). A secret the API still withholds
 * (`hidden`) is a "?" silhouette, unless the visitor owns one (`owned`: figures of their locker by
 * id), when their locker's name and art show; its odds show either way.
 */
export function OddsGrid({
  odds,
  owned,
}: {
  odds: readonly BoxOdds[];
  owned: ReadonlyMap<number, OwnedFigure>;
}) {
  const lines = odds.toSorted((a, b) => a.figure.number - b.figure.number);
  const shown = showOdds(lines.map((line) => line.oddsPpm));
  return (
    <ul className="mb-odds" aria-label="Figures and their odds">
      {lines.map((line, index) => {
        const secret = line.figure.rarity === 'secret';
        const figure = (secret ? owned.get(line.figure.id) : undefined) ?? line.figure;
        const masked = line.figure.hidden === true && !owned.has(line.figure.id);
        const name = masked ? 'Secret figure' : figure.name;
        const chance = shown[index];
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
                src={figure.artUrl}
                alt={`${figure.name}, figure ${line.figure.number}`}
                size={160}
              />
            )}
            <p className="mb-odds__name">
              {name}
              {secret ? <span className="mb-badge">Secret</span> : null}
            </p>
            {chance ? (
              // A div: the disclosure inside is flow content, which a <p> cannot hold (the parser would
              // close it, and the browser's tree would not match the server's).
              <div className="mb-odds__chance">
                <Odds odds={chance} label={name} />
              </div>
            ) : null}
            {line.stock === 0 ? <p className="mb-stock mb-stock--out">None left</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
