// Medians and ranges of repeated measurements.

export function median(values) {
  const sorted = values.filter((value) => Number.isFinite(value)).toSorted((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** { median, min, max, n } of the finite values. */
export function summary(values) {
  const finite = values.filter((value) => Number.isFinite(value));
  if (finite.length === 0) return { median: null, min: null, max: null, n: 0 };
  return { median: median(finite), min: Math.min(...finite), max: Math.max(...finite), n: finite.length };
}

/**
 * The ratio a/b per run pair (run i of a with run i of b, as they alternated), summarised: the
 * median ratio and the smallest and largest pair ratio.
 */
export function ratioSummary(a, b) {
  const ratios = [];
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    if (Number.isFinite(a[index]) && Number.isFinite(b[index]) && b[index] > 0)
      ratios.push(a[index] / b[index]);
  }
  return summary(ratios);
}

export function round(value, digits = 0) {
  if (value === null || value === undefined) return null;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
