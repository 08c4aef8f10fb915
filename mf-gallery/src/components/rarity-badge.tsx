import type { FigureRarity } from '@arttoy/shared/contracts/api';

/** Regular or secret, in words (never by colour alone). */
export function RarityBadge({ rarity }: { rarity: FigureRarity }) {
  return (
    <span className={`gallery-rarity gallery-rarity--${rarity}`}>
      {rarity === 'secret' ? 'Secret' : 'Regular'}
    </span>
  );
}
