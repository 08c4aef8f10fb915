import type { ReactNode } from 'react';

const PALETTE = ['#5b3df5', '#ff6b4a', '#1fb5a3', '#f2b705', '#e84393', '#2d9cdb'];

function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619);
  return value >>> 0;
}

/** Deterministic art for a series card: the same name always draws the same figure. */
export function SeriesArt({ name, size = 160 }: { name: string; size?: number }): ReactNode {
  const seed = hash(name);
  const body = PALETTE[seed % PALETTE.length];
  const accent = PALETTE[(seed >>> 3) % PALETTE.length];
  const ear = 18 + (seed % 14);
  return (
    <svg viewBox="0 0 160 160" width={size} height={size} role="img" aria-label={`${name} figure art`}>
      <rect width="160" height="160" rx="20" fill="#f3eee7" />
      <ellipse cx="58" cy="52" rx="12" ry={ear} fill={body} />
      <ellipse cx="102" cy="52" rx="12" ry={ear} fill={body} />
      <circle cx="80" cy="88" r="44" fill={body} />
      <circle cx="64" cy="84" r="7" fill="#1d1b22" />
      <circle cx="96" cy="84" r="7" fill="#1d1b22" />
      <ellipse cx="80" cy="104" rx="10" ry="6" fill={accent} />
    </svg>
  );
}
