/**
 * Figure art: a small SVG of the figure as its description tells it (its kind, pose and prop), the
 * same bytes every time (no image host: design §1). The style picks the palette family, the art
 * seed the colours and the small things (head size, eyes, mouth, cheeks); a secret figure stands on
 * a gold burst. Bump ART_VERSION whenever the output changes: art URLs carry it and are cached for
 * a year.
 */
import { createHash } from 'node:crypto';
import { type FigureRarity, HIDDEN_SECRET_NAME } from '@arttoy/shared/contracts/api';
import { FIGURE_KINDS, KIND_DRAWINGS, type FigureKind } from './art/kinds';
import type { Face, FigurePose, Look, Mouth, Parts } from './art/look';
import { PROPS, type FigureProp } from './art/props';
import { circle, ellipse, num, path, rect, stroke } from './art/shapes';

export const ART_VERSION = 2;

export { FIGURE_KINDS, type FigureKind };
export { FIGURE_POSES, type FigurePose } from './art/look';
export { FIGURE_PROPS, type FigureProp } from './art/props';

export interface ArtInput {
  artSeed: string;
  name: string;
  styleSlug: string;
  rarity: FigureRarity;
  kind: FigureKind;
  pose: FigurePose;
  prop: FigureProp | null;
}

/** The palette family of each style (the box art takes its colours from it too). */
export const PALETTES: Record<string, readonly string[]> = {
  'kawaii-pop': ['#ffd1dc', '#ffe5b4', '#c8f2e0', '#d9ccff', '#fff1a8', '#ffc4a3'],
  'street-vinyl': ['#ff4f5e', '#2ec4b6', '#ffbf00', '#7b61ff', '#1f2937', '#f97316'],
  'dreamy-fantasy': ['#a5b4fc', '#c4b5fd', '#99f6e4', '#fde68a', '#f0abfc', '#86efac'],
  'ocean-folk': ['#38bdf8', '#5eead4', '#fda4af', '#fcd34d', '#93c5fd', '#34d399'],
  'retro-mecha': ['#ef4444', '#f59e0b', '#10b981', '#3b82f6', '#9ca3af', '#eab308'],
};
export const FALLBACK_PALETTE = ['#e5e7eb', '#fca5a5', '#93c5fd', '#fde68a', '#a7f3d0', '#c4b5fd'];
export const DARK = '#1f2937';
export const LIGHT = '#fff8ee';

/** A deterministic stream of numbers in [0, 1) from the seed (SHA-256 in counter mode). */
export function randomStream(seed: string): () => number {
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

export const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Perceived lightness (0-255): a dark body gets light eyes and outlines. */
export const lightness = (hex: string) => {
  const value = Number.parseInt(hex.slice(1), 16);
  return 0.299 * (value >> 16) + 0.587 * ((value >> 8) & 0xff) + 0.114 * (value & 0xff);
};

const MOUTHS: Record<Mouth, (x: number, y: number, ink: string) => string> = {
  smile: (x, y, ink) => stroke(`M${x - 11} ${y - 3} Q${x} ${y + 8} ${x + 11} ${y - 3}`, ink, 4),
  o: (x, y, ink) => ellipse(x, y, 5, 6, ink),
  cat: (x, y, ink) =>
    stroke(
      `M${x - 13} ${y - 3} Q${x - 6} ${y + 5} ${x} ${y - 3} Q${x + 6} ${y + 5} ${x + 13} ${y - 3}`,
      ink,
      4,
    ),
  grin: (x, y, ink) =>
    `${path(`M${x - 16} ${y - 4} Q${x} ${y + 14} ${x + 16} ${y - 4}Z`, ink)}${path(`M${x - 8} ${y - 2} l4 5 l4 -5 l4 5 l4 -5`, 'none', ` stroke="${LIGHT}" stroke-width="2"`)}`,
  fangs: (x, y, ink) =>
    `${stroke(`M${x - 14} ${y - 2} Q${x} ${y + 8} ${x + 14} ${y - 2}`, ink, 4)}${path(`M${x - 9} ${y} l3 8 l3 -7Z M${x + 9} ${y} l-3 8 l-3 -7Z`, LIGHT)}`,
  wide: (x, y, ink) => stroke(`M${x - 40} ${y - 6} Q${x} ${y + 14} ${x + 40} ${y - 6}`, ink, 4),
  grille: (x, y) =>
    `${rect(x - 18, y - 5, 36, 10, 3, LIGHT)}${stroke(`M${x - 6} ${y - 5} v10 M${x + 6} ${y - 5} v10`, DARK, 2)}`,
  none: () => '',
};

function drawFace(face: Face, closed: boolean, bodyIsDark: boolean): string {
  const ink = face.lightEyes || bodyIsDark ? LIGHT : DARK;
  const eyes = [face.x - face.gap, face.x + face.gap]
    .map((x) =>
      closed
        ? stroke(
            `M${num(x - face.eye)} ${num(face.y)} Q${num(x)} ${num(face.y + face.eye)} ${num(x + face.eye)} ${num(face.y)}`,
            ink,
            3,
          )
        : `${circle(x, face.y, face.eye, ink)}${circle(x + face.eye / 3, face.y - face.eye / 3, Math.max(1.5, face.eye / 3.5), face.lightEyes || bodyIsDark ? DARK : '#ffffff')}`,
    )
    .join('');
  const cheeks = face.cheeks
    ? [face.x - face.gap - 12, face.x + face.gap + 12]
        .map((x) => ellipse(x, face.y + 18, 8, 6, '#f87171', ' opacity="0.45"'))
        .join('')
    : '';
  return `${eyes}${cheeks}${MOUTHS[face.mouth](face.x, face.mouthY, ink)}`;
}

/** Where the body goes for a pose: lying turns it on its side, floating lifts it. */
const POSE_TRANSFORMS: Partial<Record<FigurePose, string>> = {
  lie: 'translate(160 194) rotate(-80) scale(0.8) translate(-150 -200)',
  float: 'translate(0 -18)',
};

interface Drawn {
  look: Look;
  parts: Parts;
  background: string;
}

function drawFigure(input: ArtInput): Drawn {
  const random = randomStream(input.artSeed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const palette = PALETTES[input.styleSlug] ?? FALLBACK_PALETTE;
  const background = pick(palette);
  // A near-black body would hide the face and every marking: it only ever makes a backdrop.
  const body = pick(palette.filter((colour) => colour !== background && lightness(colour) >= 70));
  const accent = pick(palette.filter((colour) => colour !== body && colour !== background));
  const curled = input.pose === 'curl';

  const radius = 50 + Math.round(random() * 10);
  const look: Look = {
    body,
    accent,
    dark: DARK,
    light: LIGHT,
    pose: input.pose,
    hx: curled ? 104 : 150,
    hy: curled ? 178 : 110,
    r: curled ? Math.round(radius * 0.8) : radius,
    bw: 72 + Math.round(random() * 24),
    gap: 16 + Math.round(random() * 6),
    eye: 6 + Math.round(random() * 4),
    mouth: pick(['smile', 'o', 'cat'] as const),
    cheeks: random() < 0.6,
  };
  const draw = KIND_DRAWINGS[input.kind] ?? KIND_DRAWINGS.bear;
  return { look, parts: draw(look), background };
}

/** The figure's outline (every shape in its body colour): what tells one kind, or pose, from another. */
export function figureOutline(input: ArtInput): string {
  const { parts } = drawFigure(input);
  return `${parts.back}${parts.shape}`;
}

export function renderFigureArt(input: ArtInput): string {
  const { look, parts, background } = drawFigure(input);
  const { body } = look;
  const secret = input.rarity === 'secret';
  const prop: { back?: string; front: string } | null = input.prop ? PROPS[input.prop](parts, look) : null;
  const closed = input.pose === 'sleep' || input.pose === 'curl' || input.pose === 'lie';
  const figure = `<g fill="${body}" data-kind="${input.kind}">${parts.back}${parts.shape}</g>${parts.marks}${drawFace(parts.face, closed, lightness(body) < 90)}${prop?.front ?? ''}`;
  const transform = POSE_TRANSFORMS[input.pose];

  const backdrop = secret
    ? `<defs><radialGradient id="g"><stop offset="0" stop-color="#fff7cc"/><stop offset="1" stop-color="#d4a017"/></radialGradient></defs><rect width="300" height="300" fill="url(#g)"/>`
    : `<rect width="300" height="300" fill="${background}"/>`;
  const shadow = ellipse(
    150,
    274,
    input.pose === 'float' ? 50 : 88,
    input.pose === 'float' ? 6 : 10,
    '#000',
    ' opacity="0.12"',
  );

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="300" height="300" role="img" aria-label="${escapeXml(input.name)}">`,
    `<title>${escapeXml(input.name)}</title>`,
    backdrop,
    shadow,
    // What a prop puts behind the figure stays level when the figure lies down on it (an eclair).
    prop?.back ?? '',
    transform ? `<g transform="${transform}">${figure}</g>` : figure,
    secret
      ? `<text x="262" y="44" font-family="sans-serif" font-size="30" font-weight="700" fill="#7c5a00" text-anchor="middle">?</text>`
      : '',
    `</svg>`,
  ].join('');
}

/**
 * The one picture of every secret still hidden (SECRET_REVEAL_PULLS): a dark silhouette with a
 * question mark on gold, the way blind boxes print their secrets. The same for every secret, so
 * neither its bytes nor its URL tell one from another.
 */
export function renderHiddenSecretArt(): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="300" height="300" role="img" aria-label="${HIDDEN_SECRET_NAME}">`,
    `<title>${HIDDEN_SECRET_NAME}</title>`,
    `<defs><radialGradient id="g"><stop offset="0" stop-color="#fff7cc"/><stop offset="1" stop-color="#d4a017"/></radialGradient></defs><rect width="300" height="300" fill="url(#g)"/>`,
    `<g fill="#3b3347"><circle cx="150" cy="116" r="56"/><circle cx="105" cy="72" r="19"/><circle cx="195" cy="72" r="19"/><rect x="94" y="165" width="112" height="108" rx="45"/></g>`,
    `<text x="150" y="140" font-family="sans-serif" font-size="72" font-weight="800" fill="#f3d36b" text-anchor="middle">?</text>`,
    `</svg>`,
  ].join('');
}
