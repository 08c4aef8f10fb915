import { formatOneIn } from '@arttoy/shared/contracts';
import type { BoxModelDetail } from '@arttoy/shared/contracts/api';

/** "6 figures + 1 secret · secret about 1 in 144": what a card says about a box's odds. */
export function oddsSummary(box: BoxModelDetail): string {
  const secrets = box.odds.filter((line) => line.figure.rarity === 'secret');
  const regular = box.odds.length - secrets.length;
  const secretPpm = secrets.reduce((sum, line) => sum + line.oddsPpm, 0);
  const lineUp = `${regular} figure${regular === 1 ? '' : 's'}${secrets.length ? ` + ${secrets.length} secret` : ''}`;
  return secrets.length ? `${lineUp} · secret ${formatOneIn(secretPpm)}` : lineUp;
}

/** "12 left", "Last one", "Sold out". */
export function stockLabel(stock: number): string {
  if (stock === 0) return 'Sold out';
  if (stock === 1) return 'Last one';
  return `${stock} left`;
}
