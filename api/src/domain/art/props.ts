/**
 * Things a figure holds, wears or stands on, as its description says ("holds a lantern", "a muffin
 * hat"). Each is drawn about (0, 0) and placed at the figure's hand, crown, waist or neck.
 */
import type { Look, Parts, Point } from './look';
import { around, circle, ellipse, mirrored, num, path, polygon, rect, star, stroke } from './shapes';

const at = ([x, y]: Point, markup: string, scale = 1) =>
  `<g transform="translate(${num(x)} ${num(y)})${scale === 1 ? '' : ` scale(${scale})`}">${markup}</g>`;

const DOUGH = '#e9a23b';
const CRUST = '#c98a3d';
const CHOCOLATE = '#5b3a29';
const GOLD = '#facc15';
const PAPER = '#fffdf7';
const GLASS = '#e0f2fe';
const JAM = '#dc2626';
const KRAFT = '#c8a165';
const METAL = '#cbd5e1';

type Prop = (parts: Parts, look: Look) => { back?: string; front: string };

const held =
  (draw: (look: Look) => string, scale = 1): Prop =>
  (parts, look) => ({ front: at(parts.hand, draw(look), scale) });
const worn =
  (draw: (look: Look) => string): Prop =>
  (parts, look) => ({ front: at(parts.crown, draw(look)) });

export const PROPS = {
  croissant: held(
    () =>
      `${path('M-34 6 Q-30 -26 0 -28 Q30 -26 34 6 Q20 -8 0 -8 Q-20 -8 -34 6Z', DOUGH)}${stroke('M-18 -22 l6 16 M0 -28 V-8 M18 -22 l-6 16', CRUST, 3)}`,
  ),
  macaron: worn(
    (look) =>
      `${ellipse(0, -10, 40, 12, look.accent)}${rect(-38, -22, 76, 10, 5, PAPER)}${ellipse(0, -30, 40, 12, look.accent)}`,
  ),
  donut: (parts, look) => ({
    front:
      `${ellipse(150, parts.waist.y, parts.waist.half + 20, 22, 'none', ` stroke="${DOUGH}" stroke-width="20"`)}` +
      `${ellipse(150, parts.waist.y + 16, parts.waist.half + 12, 8, 'none', ` stroke="${look.accent}" stroke-width="7"`)}`,
  }),
  eclair: () => ({
    back: `${rect(36, 232, 228, 40, 20, DOUGH)}${rect(44, 230, 212, 16, 8, CHOCOLATE)}`,
    front: '',
  }),
  muffin: (parts) => ({
    front: at(
      parts.crown,
      `${ellipse(0, -6, 44, 24, CRUST)}<g fill="#4c51bf">${circle(-18, -14, 5)}${circle(6, -20, 5)}${circle(22, -8, 4)}${circle(-4, -4, 4)}</g>`,
    ),
  }),
  bagel: (parts) => ({
    front: `${circle(parts.face.x, parts.face.y + 8, 58, 'none', ` stroke="${CRUST}" stroke-width="26"`)}<g fill="${PAPER}">${around(
      parts.face.x,
      parts.face.y + 8,
      58,
      9,
    )
      .map(([x, y]) => ellipse(x, y, 3, 2))
      .join('')}</g>`,
  }),
  jar: (parts, look) => ({
    front: `${rect(150 - 58, 180, 116, 90, 16, JAM, ' opacity="0.55"')}${rect(150 - 58, 150, 116, 120, 16, GLASS, ' opacity="0.45"')}${rect(150 - 62, 142, 124, 16, 6, look.accent)}`,
  }),
  spout: (parts) => ({
    front: `${polygon([
      [parts.hand[0] - 10, 188],
      [parts.hand[0] + 30, 160],
      [parts.hand[0] + 34, 168],
      [parts.hand[0] - 6, 206],
    ])}${stroke(`M${parts.hand[0] + 34} 150 q-10 -12 0 -24 q10 -12 0 -24`, PAPER, 5)}`,
  }),
  sandwich: held(
    (look) =>
      `${polygon(
        [
          [-28, 16],
          [28, 16],
          [0, -26],
        ],
        PAPER,
      )}${stroke('M-22 10 H22', '#65a30d', 5)}${stroke('M-22 4 H22', look.accent, 3)}`,
  ),
  lemonade: held(
    (look) =>
      `${rect(-16, -24, 32, 44, 6, GLASS, ' opacity="0.8"')}${rect(-14, -12, 28, 30, 4, '#fde047')}${stroke('M6 -24 L16 -48', look.dark, 3)}${polygon(
        [
          [-4, -40],
          [24, -52],
          [20, -32],
        ],
        look.accent,
      )}`,
  ),
  basket: () => ({
    front: `${stroke('M104 214 Q150 160 196 214', CHOCOLATE, 6)}${rect(96, 212, 108, 56, 10, CRUST)}${stroke('M96 226 h108 M96 242 h108 M96 256 h108', CHOCOLATE, 2, ' opacity="0.5"')}${polygon(
      [
        [108, 212],
        [138, 212],
        [120, 236],
      ],
      JAM,
    )}`,
  }),
  blossom: worn(
    () =>
      `${around(0, -10, 13, 5)
        .map(([x, y]) => circle(x, y, 10, '#f9a8d4'))
        .join('')}${circle(0, -10, 6, GOLD)}`,
  ),
  noodles: held(
    (look) =>
      `${path('M-30 0 H30 Q28 28 0 30 Q-28 28 -30 0Z', look.accent)}` +
      `${stroke('M-14 0 Q-18 -30 -8 -56 M0 0 Q-4 -30 6 -60 M12 0 Q8 -30 18 -54', '#fde68a', 4)}` +
      `${stroke('M24 -70 L-4 -40 M32 -66 L4 -36', CHOCOLATE, 3)}`,
  ),
  'bubble-tea': held(
    (look) =>
      `${path('M-18 -30 H18 L14 24 H-14Z', '#d8b4fe', ' opacity="0.9"')}<g fill="${look.dark}">` +
      `${circle(-7, 16, 4)}${circle(3, 18, 4)}${circle(9, 10, 4)}${circle(-3, 8, 4)}</g>` +
      `${rect(-20, -34, 40, 6, 3, PAPER)}${stroke('M4 -34 L12 -58', look.dark, 6)}`,
  ),
  lantern: held(
    (look) =>
      `${circle(0, 0, 42, GOLD, ' opacity="0.25"')}` +
      `${stroke('M-10 -32 Q0 -46 10 -32', look.dark, 3)}${rect(-16, -30, 32, 8, 3, look.dark)}` +
      `${rect(-14, -22, 28, 40, 6, '#fef08a')}${rect(-16, 16, 32, 8, 3, look.dark)}`,
  ),
  skewers: held(
    (look) =>
      `${stroke('M-14 30 L-6 -50 M10 30 L14 -50', CRUST, 3)}<g fill="${look.accent}">${circle(-8, -30, 8)}${circle(-9, -14, 8)}${circle(13, -34, 8)}${circle(12, -18, 8)}</g>`,
  ),
  dumpling: held(
    () =>
      `${path('M-28 10 Q-26 -24 0 -24 Q26 -24 28 10Z', PAPER)}${stroke('M-14 -20 l4 10 M0 -24 V-12 M14 -20 l-4 10', METAL, 3)}`,
  ),
  brush: held(
    (look) =>
      `${stroke('M-8 30 L10 -20', CRUST, 6)}${path('M6 -18 L18 -44 L20 -16Z', look.dark)}${circle(26, -52, 9, look.accent)}`,
  ),
  record: held(
    (look) =>
      `${circle(0, 0, 30, look.dark)}${circle(0, 0, 20, 'none', ` stroke="${PAPER}" stroke-width="1" opacity="0.4"`)}${circle(0, 0, 10, look.accent)}${circle(0, 0, 2, PAPER)}`,
  ),
  claw: held(
    (look) =>
      `${stroke('M0 -60 V-16', METAL, 4)}${stroke('M-16 4 L-12 -16 H12 L16 4', METAL, 5)}${circle(0, 8, 14, look.accent)}`,
  ),
  coin: held(
    () => `${circle(0, 0, 20, GOLD)}${circle(0, 0, 13, 'none', ` stroke="${CRUST}" stroke-width="3"`)}`,
  ),
  'chef-hat': worn(
    (look) =>
      `${rect(-30, -16, 60, 18, 4, PAPER)}${mirrored(circle(-18, -34, 20, PAPER), 0)}${circle(0, -44, 24, PAPER)}${stroke('M-30 -6 H30', look.accent, 3)}`,
  ),
  skateboard: (parts, look) => ({
    front: `${rect(48, 264, 204, 10, 5, look.accent)}<g fill="${look.dark}">${circle(80, 280, 8)}${circle(220, 280, 8)}</g>`,
  }),
  book: held(
    (look) =>
      `${path('M-30 -20 Q-14 -28 0 -20 Q14 -28 30 -20 V18 Q14 10 0 18 Q-14 10 -30 18Z', PAPER)}` +
      `${stroke('M0 -20 V18', look.dark, 2)}` +
      `${stroke('M-24 -10 h16 M-24 -2 h16 M8 -10 h16 M8 -2 h16', look.accent, 2)}`,
  ),
  'acorn-cap': worn(
    () =>
      `${path('M-46 4 Q-44 -40 0 -42 Q44 -40 46 4Z', CRUST)}` +
      `${stroke('M-30 -24 L-6 4 M-8 -38 L22 4 M14 -38 L40 -8 M-38 -10 L-22 4', CHOCOLATE, 2, ' opacity="0.5"')}` +
      `${stroke('M0 -42 q2 -12 10 -16', CHOCOLATE, 5)}`,
  ),
  satchel: (parts) => ({
    front:
      `${stroke(`M${parts.neck[0] - 30} ${parts.neck[1]} L${parts.hand[0] - 10} ${parts.hand[1]}`, CRUST, 5)}` +
      `${at(parts.hand, `${rect(-18, -12, 36, 28, 6, CRUST)}${path('M0 -4 Q-6 4 0 10 Q6 4 0 -4Z', '#7dd3fc')}`)}`,
  }),
  star: held(() => star(0, 0, 22, 9, 5, GOLD)),
  parcel: held(
    (look) =>
      `${rect(-24, -22, 48, 42, 4, KRAFT)}${stroke('M0 -22 V20 M-24 -2 H24', look.accent, 4)}${star(14, 10, 6, 3, 5, GOLD)}`,
  ),
  letter: held(
    (look) =>
      `${rect(-26, -18, 52, 36, 4, PAPER)}${stroke('M-26 -18 L0 4 L26 -18', look.dark, 2)}${circle(0, 4, 5, look.accent)}`,
  ),
  scissors: held(
    (look) =>
      `${stroke('M-14 16 L14 -30 M14 16 L-14 -30', METAL, 5)}` +
      `${circle(-16, 20, 8, 'none', ` stroke="${look.accent}" stroke-width="4"`)}` +
      `${circle(16, 20, 8, 'none', ` stroke="${look.accent}" stroke-width="4"`)}`,
  ),
  whistle: (parts, look) => ({
    front:
      `${stroke(`M${parts.neck[0] - 22} ${parts.neck[1] - 6} Q${parts.neck[0]} ${parts.neck[1] + 30} ${parts.neck[0] + 22} ${parts.neck[1] - 6}`, JAM, 3)}` +
      `${at([parts.neck[0], parts.neck[1] + 22], `${rect(-12, -6, 24, 14, 6, METAL)}${circle(-4, 1, 3, look.dark)}`)}`,
  }),
  scarf: (parts) => ({
    front: at(
      parts.neck,
      `${rect(-44, -10, 88, 20, 10, '#16a34a')}${rect(14, 0, 18, 50, 6, '#16a34a')}${stroke('M-30 -6 v12 M-10 -6 v12 M10 -6 v12 M18 20 h10 M18 34 h10', '#86efac', 3)}`,
    ),
  }),
  pearl: held(
    () =>
      `${circle(0, 0, 16, '#f8fafc')}${circle(-5, -5, 5, '#ffffff')}${circle(0, 0, 16, 'none', ' stroke="#cbd5e1" stroke-width="2"')}`,
  ),
  key: (parts, look) => ({
    back: at(
      [parts.hand[0] + 8, 180],
      `${stroke('M-10 0 H20', METAL, 6)}${mirrored(path('M20 0 Q34 -24 44 -6 Q40 0 44 6 Q34 24 20 0Z', look.accent), 32)}`,
    ),
    front: '',
  }),
  gear: held((look) => `${star(0, 0, 24, 18, 10, look.accent)}${circle(0, 0, 8, METAL)}`),
  battery: held(
    (look) =>
      `${rect(-14, -26, 28, 50, 5, look.accent)}${rect(-6, -32, 12, 7, 2, METAL)}${stroke('M0 -14 V-2 M-6 -8 H6 M-6 14 H6', PAPER, 3)}`,
  ),
  plane: held(
    () =>
      `${polygon(
        [
          [-34, 6],
          [30, -14],
          [-8, 18],
        ],
        PAPER,
      )}${polygon(
        [
          [-8, 18],
          [30, -14],
          [-4, 4],
        ],
        METAL,
      )}`,
  ),
  clock: (parts, look) => ({
    front: at(
      [150, parts.waist.y - 28],
      `${circle(0, 0, 26, PAPER)}${circle(0, 0, 26, 'none', ` stroke="${look.dark}" stroke-width="3"`)}${stroke('M0 0 V-16 M0 0 L12 6', look.dark, 3)}`,
    ),
  }),
  magnet: held(
    () =>
      `${path('M-22 18 V-4 A22 22 0 0 1 22 -4 V18 H10 V-4 A10 10 0 0 0 -10 -4 V18Z', JAM)}${rect(-22, 10, 12, 8, 1, METAL)}${rect(10, 10, 12, 8, 1, METAL)}`,
  ),
  map: held(
    (look) =>
      `${rect(-28, -22, 56, 40, 4, '#1e1b4b')}${stroke('M-18 -10 L-4 0 L10 -12 L20 4', GOLD, 2)}<g ` +
      `fill="${PAPER}">${circle(-18, -10, 2)}${circle(-4, 0, 2)}${circle(10, -12, 2)}` +
      `${circle(20, 4, 2)}</g>${rect(-32, -26, 6, 48, 3, look.accent)}`,
  ),
  'shell-house': (parts, look) => ({
    back: `${circle(190, 150, 62, look.accent)}${stroke('M190 150 m-10 0 a10 10 0 1 1 20 0 a24 24 0 1 1 -48 0 a38 38 0 1 1 76 0', PAPER, 6, ' opacity="0.7"')}`,
    front: '',
  }),
  comet: held(
    () =>
      `${path('M-40 24 Q-10 0 8 -8 L12 4 Q-8 12 -40 24Z', GOLD, ' opacity="0.6"')}${star(12, -4, 16, 8, 5, GOLD)}`,
  ),
  dish: worn(
    (look) =>
      `${stroke('M0 0 V-16', METAL, 4)}${path('M-30 -30 A30 30 0 0 0 30 -30 Z', METAL)}${stroke('M0 -30 V-46', look.dark, 3)}${circle(0, -48, 4, look.accent)}`,
  ),
  antlers: worn(() =>
    mirrored(
      stroke('M-16 4 L-28 -40 M-24 -26 L-44 -34 M-28 -40 L-22 -62 M-27 -44 L-46 -58', '#e5e7eb', 6),
      0,
    ),
  ),
  glasses: (parts, look) => ({
    front: at(
      [parts.face.x, parts.face.y],
      `${mirrored(circle(-parts.face.gap, 0, 13, 'none', ` stroke="${look.dark}" stroke-width="3"`), 0)}${stroke(`M-${parts.face.gap - 13} 0 H${parts.face.gap - 13}`, look.dark, 3)}`,
    ),
  }),
  spring: held(
    () => `${stroke('M-4 10 L6 2 L-4 -6 L6 -14 L-4 -22 L6 -30', METAL, 4)}${circle(2, -42, 14, JAM)}`,
  ),
  tracks: (parts, look) => ({
    front: `${rect(78, 246, 144, 30, 15, look.dark)}<g fill="${METAL}">${circle(98, 261, 8)}${circle(134, 261, 8)}${circle(166, 261, 8)}${circle(202, 261, 8)}</g>`,
  }),
  medal: (parts) => ({ front: at([parts.neck[0] + 20, parts.neck[1] + 30], star(0, 0, 14, 6, 5, GOLD)) }),
  label: (parts, look) => ({
    front: `${rect(102, parts.waist.y - 72, 96, 34, 4, PAPER)}${rect(102, parts.waist.y - 72, 96, 8, 2, look.accent)}${stroke(`M116 ${parts.waist.y - 52} h68`, look.accent, 4)}`,
  }),
  baton: held(
    (look) =>
      `${stroke('M-4 10 L26 -40', PAPER, 4)}${circle(30, -48, 6, '#fde047')}${circle(30, -48, 14, GOLD, ' opacity="0.35"')}${circle(-6, 12, 5, look.dark)}`,
  ),
  rainbow: () => ({
    front: `<g opacity="0.8">${['#f87171', '#fbbf24', '#34d399', '#60a5fa'].map((colour, index) => stroke(`M${84} ${196 + index * 12} H216`, colour, 9)).join('')}</g>`,
  }),
} satisfies Record<string, Prop>;

export type FigureProp = keyof typeof PROPS;
export const FIGURE_PROPS = Object.keys(PROPS) as FigureProp[];
