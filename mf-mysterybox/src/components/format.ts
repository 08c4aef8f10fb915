/**
 * A measured share (a simulation's), in parts per million, as a percentage: 165 510 → "16.55%".
 * Published odds are shown with `showOdds` (@arttoy/shared/contracts) instead.
 */
export function formatPercent(ppm: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(ppm / 1_000_000);
}

/** mm:ss of a duration in milliseconds (never negative). */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
