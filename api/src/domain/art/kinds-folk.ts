/** People and spirits (street folk, goblins, ghosts), robots, and the figures that are food or fungi. */
import { BEAK, type Face, type KindDrawing, type Look, type Parts } from './look';
import { circle, ellipse, mirrored, path, polygon, rect, stroke, tilted } from './shapes';

/** A standing person: head, hair, clothes in the accent colour, dark trousers and shoes. */
function dressed(
  look: Look,
  extra: {
    hair?: string;
    head?: string;
    marks?: string;
    back?: string;
    face?: Partial<Face>;
    clothes?: string;
  } = {},
): Parts {
  const clothes = extra.clothes ?? look.accent;
  const arm = stroke('M116 160 Q96 190 100 214', clothes, 18);
  const arms =
    look.pose === 'wave'
      ? `${arm}${stroke('M184 160 Q206 140 204 112', clothes, 18)}${circle(204, 106, 10)}`
      : `${mirrored(arm)}${circle(200, 218, 10)}`;
  return {
    back: extra.back ?? '',
    shape:
      `${mirrored(`${rect(124, 222, 20, 40, 8, look.dark)}${ellipse(130, 264, 17, 8, look.dark)}`)}` +
      `${path('M112 150 L188 150 Q202 200 196 228 L104 228 Q98 200 112 150Z', clothes)}` +
      `${arms}${circle(100, 218, 10)}${extra.head ?? circle(150, 104, 44)}`,
    marks: `${extra.hair ?? path('M106 102 A44 44 0 0 1 194 102 Q172 78 150 86 Q126 76 106 102Z', look.dark)}${extra.marks ?? ''}`,
    face: {
      x: 150,
      y: 106,
      gap: 16,
      eye: Math.min(look.eye, 7),
      mouth: look.mouth,
      mouthY: 126,
      cheeks: look.cheeks,
      ...extra.face,
    },
    hand: [202, 214],
    crown: [150, 60],
    waist: { y: 222, half: 46 },
    neck: [150, 148],
  };
}

export const person: KindDrawing = (look) => dressed(look);

export const goblin: KindDrawing = (look) =>
  dressed(look, {
    hair: `${polygon(
      [
        [122, 70],
        [132, 50],
        [142, 68],
        [152, 46],
        [162, 68],
        [172, 52],
        [178, 74],
      ],
      look.dark,
    )}`,
    back: mirrored(
      polygon([
        [112, 96],
        [52, 70],
        [114, 122],
      ]),
    ),
    marks: ellipse(150, 114, 8, 10, look.accent),
    face: { mouth: 'grin', mouthY: 130 },
  });

export const oni: KindDrawing = (look) =>
  dressed(look, {
    back: mirrored(
      polygon(
        [
          [122, 72],
          [112, 30],
          [140, 62],
        ],
        look.light,
      ),
    ),
    hair: path(
      'M106 102 A44 44 0 0 1 194 102 L186 80 L176 92 L166 70 L150 86 L134 70 L124 92 L114 80Z',
      look.dark,
    ),
    marks: stroke('M110 208 h80', look.dark, 8),
    face: { mouth: 'fangs' },
  });

export const kappa: KindDrawing = (look) =>
  dressed(look, {
    back: `${ellipse(150, 194, 64, 60, look.accent)}${stroke('M112 176 l38 -16 l38 16 M112 212 l38 16 l38 -16 M150 160 V228', look.dark, 3, ' opacity="0.35"')}`,
    clothes: look.body,
    hair: `${stroke('M110 86 q6 -6 4 -14 M124 72 q4 -6 0 -14 M176 72 q-4 -6 0 -14 M190 86 q-6 -6 -4 -14', look.dark, 5)}${ellipse(150, 64, 34, 11, look.light)}${ellipse(150, 63, 24, 6, '#7dd3fc')}`,
    marks: polygon(
      [
        [140, 122],
        [160, 122],
        [150, 136],
      ],
      BEAK,
    ),
    face: { mouth: 'none' },
  });

export const mummy: KindDrawing = (look) =>
  dressed(look, {
    clothes: look.body,
    hair: '',
    marks:
      `<g opacity="0.7">` +
      `${stroke('M108 84 L192 96 M106 122 L194 112 M112 136 L186 144 M108 168 L192 160 M106 196 L194 204 M104 220 L196 214', look.light, 5)}</g>` +
      `${stroke('M100 214 q-20 20 -12 44', look.light, 8)}`,
    face: { mouth: 'o', cheeks: false },
  });

export const ghost: KindDrawing = (look) => ({
  back: mirrored(tilted(76, 176, 14, 28, 34)),
  shape: path(
    'M78 262 L78 142 A72 72 0 0 1 222 142 L222 262 Q204 244 186 262 Q168 244 150 262 Q132 244 114 262 Q96 244 78 262Z',
  ),
  marks: ellipse(118, 104, 14, 22, look.light, ' opacity="0.35"'),
  face: { x: 150, y: 130, gap: 22, eye: Math.max(look.eye, 8), mouth: 'o', mouthY: 162, cheeks: look.cheeks },
  hand: [226, 186],
  crown: [150, 70],
  waist: { y: 210, half: 72 },
  neck: [150, 176],
});

export const robot: KindDrawing = (look) => ({
  back: `${stroke('M150 58 V30', look.dark, 4)}${mirrored(stroke('M104 170 L78 212', look.body, 14))}${mirrored(rect(118, 234, 22, 32, 4))}`,
  shape: `${rect(96, 58, 108, 92, 14)}${mirrored(rect(84, 86, 14, 34, 4))}${rect(102, 154, 96, 84, 10)}${mirrored(circle(76, 218, 11))}`,
  marks:
    `${circle(150, 28, 8, look.accent)}${rect(108, 72, 84, 62, 10, look.dark)}` +
    `${rect(122, 170, 56, 40, 6, look.accent)}` +
    `${mirrored(`${circle(134, 190, 6, look.light)}${circle(106, 160, 3, look.dark)}${circle(106, 230, 3, look.dark)}`)}`,
  face: { x: 150, y: 96, gap: 20, eye: 7, mouth: 'grille', mouthY: 120, lightEyes: true },
  hand: [78, 224],
  crown: [150, 58],
  waist: { y: 236, half: 48 },
  neck: [150, 152],
});

export const mushroom: KindDrawing = (look) => ({
  back: mirrored(tilted(108, 208, 10, 20, 30)),
  shape: `${rect(112, 146, 76, 122, 32)}${path('M48 164 Q54 48 150 46 Q246 48 252 164 Q150 146 48 164Z', look.accent)}`,
  marks: `<g fill="${look.light}">${circle(110, 96, 12)}${circle(160, 72, 10)}${circle(206, 110, 13)}${circle(76, 138, 7)}${circle(150, 122, 8)}</g>`,
  face: {
    x: 150,
    y: 194,
    gap: 16,
    eye: Math.min(look.eye, 8),
    mouth: look.mouth,
    mouthY: 216,
    cheeks: look.cheeks,
  },
  hand: [196, 222],
  crown: [150, 46],
  waist: { y: 240, half: 40 },
  neck: [150, 168],
});

/** A soufflé (or any pastry): a fluted dish with a risen top that has a face. */
export const pastry: KindDrawing = (look) => ({
  back: '',
  shape: `${ellipse(150, 170, 80, 40)}${circle(150, 130, 48)}${mirrored(circle(104, 150, 34))}${rect(86, 176, 128, 90, 12, look.light)}`,
  marks: stroke(
    'M104 184 V258 M126 184 V258 M150 184 V258 M174 184 V258 M196 184 V258',
    look.accent,
    4,
    ' opacity="0.5"',
  ),
  face: {
    x: 150,
    y: 138,
    gap: 18,
    eye: Math.min(look.eye, 8),
    mouth: look.mouth,
    mouthY: 158,
    cheeks: look.cheeks,
  },
  hand: [226, 204],
  crown: [150, 82],
  waist: { y: 220, half: 64 },
  neck: [150, 176],
});
