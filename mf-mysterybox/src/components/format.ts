/** Parts per million as a percentage: 165 510 → "16.55%", 6 944 → "0.69%". */
export function formatPercent(ppm: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(ppm / 1_000_000);
}

/** The same odds as people say them: 6 944 ppm → "1 in 144". */
export function formatOneIn(ppm: number): string {
  return `1 in ${new Intl.NumberFormat('en-US').format(Math.max(1, Math.round(1_000_000 / ppm)))}`;
}

/** mm:ss of a duration in milliseconds (never negative). */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
