import { ODDS_SCALE } from '@arttoy/shared/contracts/api';

/** "1 in 144 (0.69%)": the way blind boxes print their odds, with the exact share. */
export function formatOdds(oddsPpm: number): string {
  const oneIn = ODDS_SCALE / oddsPpm;
  const rounded = oneIn >= 10 ? Math.round(oneIn).toString() : oneIn.toFixed(1).replace(/\.0$/, '');
  const percent = (oddsPpm / ODDS_SCALE) * 100;
  return `1 in ${rounded} (${percent < 1 ? percent.toFixed(2) : percent.toFixed(1)}%)`;
}
