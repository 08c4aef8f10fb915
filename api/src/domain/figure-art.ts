/**
 * Figure art: a small SVG character drawn from the figure's art seed, the same bytes every time
 * (no image host: design §1). The style picks the palette family, the seed everything else; a
 * secret figure stands on a gold burst. Bump ART_VERSION whenever the output changes: art URLs
 * carry it and are cached for a year.
 */
import { createHash } from 'node:crypto';
import type { FigureRarity } from '@arttoy/shared/contracts/api';

export const ART_VERSION = 1;

export interface ArtInput {
  artSeed: string;
  name: string;
  styleSlug: string;
  rarity: FigureRarity;
}

const PALETTES: Record<string, readonly string[]> = {
  'kawaii-pop': ['#ffd1dc', '#ffe5b4', '#c8f2e0', '#d9ccff', '#fff1a8', '#ffc4a3'],
  'street-vinyl': ['#ff4f5e', '#2ec4b6', '#ffbf00', '#7b61ff', '#1f2937', '#f97316'],
  'dreamy-fantasy': ['#a5b4fc', '#c4b5fd', '#99f6e4', '#fde68a', '#f0abfc', '#86efac'],
  'ocean-folk': ['#38bdf8', '#5eead4', '#fda4af', '#fcd34d', '#93c5fd', '#34d399'],
  'retro-mecha': ['#ef4444', '#f59e0b', '#10b981', '#3b82f6', '#9ca3af', '#eab308'],
};
const FALLBACK_PALETTE = ['#e5e7eb', '#fca5a5', '#93c5fd', '#fde68a', '#a7f3d0', '#c4b5fd'];

/** A deterministic stream of numbers in [0, 1) from the seed (SHA-256 in counter mode). */
function randomStream(seed: string): () => number {
  let counter = 0;
  let pool: Buffer = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + 4 > pool.length) {
      pool = createHash('sha256').update(`${seed}:${counter}`).digest();
      counter += 1;
      offset = 0;
    }
    const value = pool.readUInt32BE(offset) / 2 ** 32;
    offset += 4;
    return value;
  };
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderFigureArt(input: ArtInput): string {
  const random = randomStream(input.artSeed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const palette = PALETTES[input.styleSlug] ?? FALLBACK_PALETTE;
  const background = pick(palette);
  const body = pick(palette.filter((colour) => colour !== background));
  const accent = pick(palette.filter((colour) => colour !== body));
  const secret = input.rarity === 'secret';

  const headRadius = 52 + Math.round(random() * 14);
  const bodyWidth = 70 + Math.round(random() * 30);
  const eyeGap = 18 + Math.round(random() * 8);
  const eyeSize = 6 + Math.round(random() * 5);
  const ears = pick(['round', 'pointed', 'antenna', 'none'] as const);
  const mouth = pick(['smile', 'o', 'cat'] as const);
  const cheeks = random() < 0.6;

  const earShapes = {
    round: `<circle cx="${150 - headRadius * 0.7}" cy="${112 - headRadius * 0.7}" r="18" fill="${body}"/><circle cx="${150 + headRadius * 0.7}" cy="${112 - headRadius * 0.7}" r="18" fill="${body}"/>`,
    pointed: `<path d="M${150 - headRadius} ${100} L${150 - headRadius * 0.55} ${112 - headRadius * 1.25} L${150 - headRadius * 0.2} ${112 - headRadius * 0.9}Z M${150 + headRadius} ${100} L${150 + headRadius * 0.55} ${112 - headRadius * 1.25} L${150 + headRadius * 0.2} ${112 - headRadius * 0.9}Z" fill="${body}"/>`,
    antenna: `<line x1="150" y1="${112 - headRadius}" x2="150" y2="${92 - headRadius}" stroke="#374151" stroke-width="4"/><circle cx="150" cy="${88 - headRadius}" r="8" fill="${accent}"/>`,
    none: '',
  };
  const mouths = {
    smile: `<path d="M138 134 Q150 146 162 134" stroke="#374151" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    o: `<circle cx="150" cy="138" r="6" fill="#374151"/>`,
    cat: `<path d="M136 134 Q143 142 150 134 Q157 142 164 134" stroke="#374151" stroke-width="4" fill="none" stroke-linecap="round"/>`,
  };
  const backdrop = secret
    ? `<defs><radialGradient id="g"><stop offset="0" stop-color="#fff7cc"/><stop offset="1" stop-color="#d4a017"/></radialGradient></defs><rect width="300" height="300" fill="url(#g)"/>`
    : `<rect width="300" height="300" fill="${background}"/>`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="300" height="300" role="img" aria-label="${escapeXml(input.name)}">`,
    `<title>${escapeXml(input.name)}</title>`,
    backdrop,
    `<ellipse cx="150" cy="272" rx="${bodyWidth * 0.8}" ry="10" fill="#000" opacity="0.12"/>`,
    `<rect x="${150 - bodyWidth / 2}" y="160" width="${bodyWidth}" height="108" rx="${bodyWidth / 2.4}" fill="${body}"/>`,
    `<rect x="${150 - bodyWidth / 4}" y="190" width="${bodyWidth / 2}" height="52" rx="16" fill="${accent}" opacity="0.85"/>`,
    earShapes[ears],
    `<circle cx="150" cy="112" r="${headRadius}" fill="${body}"/>`,
    `<circle cx="${150 - eyeGap}" cy="108" r="${eyeSize}" fill="#1f2937"/><circle cx="${150 + eyeGap}" cy="108" r="${eyeSize}" fill="#1f2937"/>`,
    `<circle cx="${150 - eyeGap + 2}" cy="${106 - eyeSize / 3}" r="2" fill="#fff"/><circle cx="${150 + eyeGap + 2}" cy="${106 - eyeSize / 3}" r="2" fill="#fff"/>`,
    cheeks ? `<circle cx="${150 - eyeGap - 14}" cy="128" r="7" fill="#f87171" opacity="0.45"/><circle cx="${150 + eyeGap + 14}" cy="128" r="7" fill="#f87171" opacity="0.45"/>` : '',
    mouths[mouth],
    secret ? `<text x="262" y="44" font-family="sans-serif" font-size="30" font-weight="700" fill="#7c5a00" text-anchor="middle">?</text>` : '',
    `</svg>`,
  ].join('');
}
