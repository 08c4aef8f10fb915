/**
 * Box art: the packaging of a mystery box model as a small SVG, the same bytes every time. A closed
 * box in three-quarter view in its series' style palette, the series' name on the lid band, a "?"
 * window (what is inside is drawn at random, so no figure is shown: a secret figure's art never is),
 * and the model's own name on the front. The model's seed picks the colours and the print on the
 * box, so two boxes of one series look alike but never the same. Bump BOX_ART_VERSION whenever the
 * output changes: art URLs carry it and are cached for a year.
 */
import { circle, num, path, polygon, rect, star } from './art/shapes';
import { DARK, escapeXml, FALLBACK_PALETTE, LIGHT, lightness, PALETTES, randomStream } from './figure-art';

export const BOX_ART_VERSION = 1;

export interface BoxArtInput {
  /** What picks the colours and the print: the model's slug, unique and kept across databases. */
  artSeed: string;
  name: string;
  seriesName: string;
  styleSlug: string;
}

/** The prints a box front can carry. */
export const BOX_PRINTS = ['dots', 'stripes', 'stars', 'checks'] as const;
export type BoxPrint = (typeof BOX_PRINTS)[number];

/** The colour `amount` of the way to black (negative: to white). */
function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (value >> shift) & 0xff;
    const target = amount >= 0 ? 0 : 255;
    return Math.round(c + (target - c) * Math.abs(amount));
  };
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

// The box: its front face, the right side going back, and the lid on top.
const FRONT = { x: 62, y: 104, width: 150, height: 160 } as const;
const DEPTH = { x: 40, y: -30 } as const;
const RIGHT = FRONT.x + FRONT.width;
const BOTTOM = FRONT.y + FRONT.height;

/** The print on the box front, in the accent colour, kept inside the front face. */
function print(kind: BoxPrint, colour: string): string {
  const marks: string[] = [];
  if (kind === 'dots') {
    for (let row = 0; row < 6; row += 1)
      for (let col = 0; col < 6; col += 1)
        marks.push(circle(FRONT.x + 14 + col * 25 + (row % 2) * 12, FRONT.y + 36 + row * 24, 4));
  } else if (kind === 'stripes') {
    for (let index = 0; index < 8; index += 1)
      marks.push(
        polygon([
          [FRONT.x + index * 24 - 40, BOTTOM],
          [FRONT.x + index * 24 - 28, BOTTOM],
          [FRONT.x + index * 24 + 52, FRONT.y + 24],
          [FRONT.x + index * 24 + 40, FRONT.y + 24],
        ]),
      );
  } else if (kind === 'stars') {
    for (let row = 0; row < 4; row += 1)
      for (let col = 0; col < 4; col += 1)
        marks.push(star(FRONT.x + 22 + col * 36 + (row % 2) * 16, FRONT.y + 42 + row * 34, 8, 3.5, 5));
  } else {
    for (let row = 0; row < 7; row += 1)
      for (let col = 0; col < 8; col += 1)
        if ((row + col) % 2 === 0) marks.push(rect(FRONT.x + col * 19, FRONT.y + 24 + row * 20, 19, 20, 0));
  }
  return `<g clip-path="url(#front)" fill="${colour}" opacity="0.4" data-print="${kind}">${marks.join('')}</g>`;
}

/** A line of text squeezed to fit `width` when long (the SVG scales its glyphs). */
function label(text: string, x: number, y: number, width: number, size: number, fill: string): string {
  const fits = text.length * size * 0.56 <= width;
  return `<text x="${num(x)}" y="${num(y)}" font-family="sans-serif" font-size="${size}" font-weight="700" fill="${fill}" text-anchor="middle"${fits ? '' : ` textLength="${num(width)}" lengthAdjust="spacingAndGlyphs"`}>${escapeXml(text)}</text>`;
}

/** The model's name without its series' name ("Cloud Bakery Secret Hunter Box" → "Secret Hunter Box"). */
export function boxLabel(input: Pick<BoxArtInput, 'name' | 'seriesName'>): string {
  const rest = input.name.startsWith(input.seriesName)
    ? input.name.slice(input.seriesName.length).trim()
    : '';
  return rest || input.name;
}

/** The colours and the print the seed picks: what tells one box model of a series from another. */
export function boxLook(input: BoxArtInput) {
  const random = randomStream(`box:${input.artSeed}`);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const palette = PALETTES[input.styleSlug] ?? FALLBACK_PALETTE;
  const body = pick(palette.filter((colour) => lightness(colour) >= 70));
  const background = shade(pick(palette.filter((colour) => colour !== body)), -0.7);
  const accent = pick(palette.filter((colour) => colour !== body));
  return { body, background, accent, print: pick(BOX_PRINTS) };
}

export function renderBoxArt(input: BoxArtInput): string {
  const look = boxLook(input);
  const ink = lightness(look.body) < 110 ? LIGHT : DARK;
  const title = `${input.name}: mystery box packaging`;
  const side = polygon(
    [
      [RIGHT, FRONT.y],
      [RIGHT + DEPTH.x, FRONT.y + DEPTH.y],
      [RIGHT + DEPTH.x, BOTTOM + DEPTH.y],
      [RIGHT, BOTTOM],
    ],
    shade(look.body, 0.25),
  );
  const lid = polygon(
    [
      [FRONT.x, FRONT.y],
      [FRONT.x + DEPTH.x, FRONT.y + DEPTH.y],
      [RIGHT + DEPTH.x, FRONT.y + DEPTH.y],
      [RIGHT, FRONT.y],
    ],
    shade(look.body, -0.35),
  );
  const centre = FRONT.x + FRONT.width / 2;
  const window = `${rect(centre - 38, FRONT.y + 44, 76, 76, 18, LIGHT, ` stroke="${ink}" stroke-width="4"`)}<text x="${num(centre)}" y="${num(FRONT.y + 104)}" font-family="sans-serif" font-size="62" font-weight="800" fill="${look.accent === LIGHT ? DARK : shade(look.accent, 0.35)}" text-anchor="middle">?</text>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="300" height="300" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<defs><clipPath id="front">${rect(FRONT.x, FRONT.y, FRONT.width, FRONT.height, 0)}</clipPath></defs>`,
    `<rect width="300" height="300" fill="${look.background}"/>`,
    path(
      `M${FRONT.x - 6} ${BOTTOM + 6} h${FRONT.width + DEPTH.x + 20} l-14 12 h-${FRONT.width + DEPTH.x}Z`,
      '#000',
      ' opacity="0.12"',
    ),
    side,
    lid,
    rect(FRONT.x, FRONT.y, FRONT.width, FRONT.height, 0, look.body),
    // A pastel print on a pastel box would vanish: the print is a shade darker.
    print(look.print, shade(look.accent, 0.3)),
    // The lid band with the series' name, the window, and the model's own name on the front.
    rect(FRONT.x, FRONT.y, FRONT.width, 24, 0, DARK),
    label(input.seriesName, centre, FRONT.y + 17, FRONT.width - 16, 14, LIGHT),
    window,
    rect(FRONT.x + 8, BOTTOM - 34, FRONT.width - 16, 24, 6, LIGHT),
    label(boxLabel(input), centre, BOTTOM - 17, FRONT.width - 28, 13, DARK),
    `</svg>`,
  ].join('');
}
