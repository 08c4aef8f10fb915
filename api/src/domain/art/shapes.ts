/**
 * SVG building blocks of the figure art. A shape without a fill takes the fill of its group (the
 * figure's body colour), so a kind's outline is one set of shapes whatever the palette.
 */

/** One decimal: enough for a 300-unit canvas, and the file stays small. */
export const num = (value: number) => String(Math.round(value * 10) / 10);

const fillOf = (fill?: string) => (fill ? ` fill="${fill}"` : '');

export const circle = (cx: number, cy: number, r: number, fill?: string, extra = '') =>
  `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}"${fillOf(fill)}${extra}/>`;

export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill?: string, extra = '') =>
  `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(rx)}" ry="${num(ry)}"${fillOf(fill)}${extra}/>`;

export const rect = (
  x: number,
  y: number,
  width: number,
  height: number,
  radius: number,
  fill?: string,
  extra = '',
) =>
  `<rect x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(height)}" rx="${num(radius)}"${fillOf(fill)}${extra}/>`;

export const path = (d: string, fill?: string, extra = '') => `<path d="${d}"${fillOf(fill)}${extra}/>`;

/** An open line, round-capped. */
export const stroke = (d: string, colour: string, width: number, extra = '') =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${num(width)}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;

/** The markup and its mirror image about the vertical line x = `axis` (ears, arms, wings). */
export const mirrored = (markup: string, axis = 150) =>
  `${markup}<g transform="matrix(-1 0 0 1 ${num(axis * 2)} 0)">${markup}</g>`;

/** An ellipse turned by `degrees` about its centre. */
export const tilted = (cx: number, cy: number, rx: number, ry: number, degrees: number, fill?: string) =>
  ellipse(cx, cy, rx, ry, fill, ` transform="rotate(${num(degrees)} ${num(cx)} ${num(cy)})"`);

/** A closed polygon through the points. */
export const polygon = (points: readonly (readonly [number, number])[], fill?: string, extra = '') =>
  path(`M${points.map(([x, y]) => `${num(x)} ${num(y)}`).join(' L')}Z`, fill, extra);

/** `count` points around a circle, starting at `start` degrees (0 = up), clockwise. */
type Point = readonly [number, number];

export function around(cx: number, cy: number, r: number, count: number, start = 0): [number, number][] {
  return Array.from({ length: count }, (_, index) => {
    const angle = ((start + (360 / count) * index) * Math.PI) / 180;
    return [cx + r * Math.sin(angle), cy - r * Math.cos(angle)];
  });
}

/** A star: `points` tips at `outer`, valleys at `inner`. */
export function star(
  cx: number,
  cy: number,
  outer: number,
  inner: number,
  points: number,
  fill?: string,
  extra = '',
) {
  const tips = around(cx, cy, outer, points);
  const valleys = around(cx, cy, inner, points, 180 / points);
  return polygon(
    tips.flatMap((tip, index) => [tip, valleys[index] ?? tip]),
    fill,
    extra,
  );
}

/** A dot of radius `r` at each point (spots, sesame seeds, suckers). */
export const dots = (points: readonly Point[], r: number) => points.map(([x, y]) => circle(x, y, r)).join('');
