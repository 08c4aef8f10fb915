/** Birds, bugs and sea folk: each its own body plan, on the same 300 × 300 stage as the critters. */
import { BEAK, type Face, type KindDrawing, type Look, type Parts, type Point } from './look';
import { around, circle, dots, ellipse, mirrored, path, polygon, rect, star, stroke, tilted } from './shapes';

function creature(
  look: Look,
  parts: {
    back?: string;
    shape: string;
    marks?: string;
    face: Partial<Face> & { y: number };
    hand: Point;
    crown: Point;
    waist?: number;
    neck?: Point;
  },
): Parts {
  return {
    back: parts.back ?? '',
    shape: parts.shape,
    marks: parts.marks ?? '',
    face: {
      x: 150,
      gap: look.gap,
      eye: look.eye,
      mouth: look.mouth,
      mouthY: parts.face.y + 26,
      cheeks: look.cheeks,
      ...parts.face,
    },
    hand: parts.hand,
    crown: parts.crown,
    waist: { y: parts.waist ?? 214, half: 70 },
    neck: parts.neck ?? [150, parts.face.y + 40],
  };
}

export const duck: KindDrawing = (look) =>
  creature(look, {
    back: polygon([
      [196, 200],
      [236, 160],
      [222, 214],
    ]),
    shape: `${ellipse(150, 206, 76, 62)}${circle(150, 118, 46)}${mirrored(tilted(82, 204, 18, 38, 22))}`,
    marks:
      `${stroke('M150 74 q-6 -18 8 -24 M150 74 q8 -14 20 -10', look.body, 6)}` +
      `${ellipse(150, 134, 27, 10, BEAK)}${mirrored(ellipse(126, 268, 18, 7, BEAK))}` +
      `${ellipse(150, 218, 44, 34, look.light, ' opacity="0.55"')}`,
    face: { y: 110, gap: 18, mouth: 'none' },
    hand: [232, 206],
    crown: [150, 72],
  });

export const bird: KindDrawing = (look) =>
  creature(look, {
    shape: `${circle(150, 184, 82)}${mirrored(tilted(70, 196, 14, 30, 24))}${ellipse(140, 100, 8, 16)}${tilted(156, 100, 7, 15, 24)}`,
    marks: `${polygon(
      [
        [138, 172],
        [162, 172],
        [150, 190],
      ],
      BEAK,
    )}${mirrored(stroke('M130 262 l-10 8 m10 -8 l0 10 m0 -10 l10 8', BEAK, 4))}${ellipse(150, 222, 46, 30, look.light, ' opacity="0.55"')}`,
    face: { y: 154, gap: 26, mouth: 'none' },
    hand: [226, 214],
    crown: [150, 100],
  });

export const owl: KindDrawing = (look) =>
  creature(look, {
    shape: `${ellipse(150, 182, 88, 88)}${mirrored(
      polygon([
        [74, 130],
        [80, 70],
        [120, 106],
      ]),
    )}`,
    marks: `${mirrored(circle(122, 138, 28, look.light))}${polygon(
      [
        [142, 152],
        [158, 152],
        [150, 168],
      ],
      BEAK,
    )}${mirrored(tilted(70, 200, 18, 48, 12, look.accent))}${stroke(
      'M126 208 l8 8 l8 -8 M150 208 l8 8 l8 -8 M138 228 l8 8 l8 -8',
      look.accent,
      4,
    )}${mirrored(stroke('M130 268 l-8 4 m8 -4 l0 6 m0 -6 l8 4', BEAK, 4))}`,
    face: { y: 138, gap: 28, eye: Math.max(look.eye, 9), mouth: 'none', cheeks: false },
    hand: [236, 206],
    crown: [150, 92],
  });

export const frog: KindDrawing = (look) =>
  creature(look, {
    back: mirrored(tilted(88, 252, 32, 16, -18)),
    shape: `${ellipse(150, 152, 86, 54)}${mirrored(circle(108, 106, 27))}${ellipse(150, 226, 64, 44)}${mirrored(ellipse(104, 208, 12, 20))}`,
    marks: `${ellipse(150, 232, 40, 28, look.light, ' opacity="0.6"')}${mirrored(`${circle(62, 264, 6)}${circle(76, 268, 6)}`)}`,
    face: { y: 104, gap: 42, eye: Math.max(look.eye, 9), mouth: 'wide', mouthY: 168 },
    hand: [222, 208],
    crown: [150, 80],
    neck: [150, 198],
  });

export const moth: KindDrawing = (look) =>
  creature(look, {
    back: `${mirrored(`${tilted(90, 148, 60, 40, -30)}${tilted(104, 218, 40, 30, 28)}`)}`,
    shape: `${ellipse(150, 204, 30, 62)}${circle(150, 120, 36)}`,
    marks:
      `${mirrored(
        `${circle(82, 142, 15, look.accent)}${circle(82, 142, 6, look.light)}` +
          `${circle(100, 222, 10, look.accent)}`,
      )}` +
      `${stroke('M130 190 h40 M128 210 h44 M132 230 h36', look.accent, 5)}` +
      `${mirrored(
        `${stroke('M138 90 C130 62 116 50 96 48', look.dark, 3)}` +
          `${stroke('M120 64 l-10 -4 M110 54 l-8 -8', look.dark, 2)}`,
      )}`,
    face: { y: 118, gap: 14, eye: Math.min(look.eye, 8), mouthY: 138 },
    hand: [192, 198],
    crown: [150, 84],
  });

export const firefly: KindDrawing = (look) =>
  creature(look, {
    back:
      `${circle(150, 250, 42, '#fef08a', ' opacity="0.6"')}<g opacity="0.65">` +
      `${mirrored(tilted(96, 146, 46, 20, -30, '#ffffff'))}</g>` +
      `${mirrored(stroke('M118 196 l-26 12 M118 218 l-26 22 M122 238 l-20 26', look.dark, 4))}`,
    shape: `${mirrored(path('M150 146 C104 146 96 200 112 242 L150 242Z'))}${circle(150, 116, 36)}`,
    marks:
      `${circle(150, 248, 26, '#fde047')}${stroke('M150 148 V240', look.dark, 3, ' opacity="0.4"')}` +
      `${mirrored(stroke('M138 86 C132 64 122 56 110 52', look.dark, 3))}` +
      `${mirrored(circle(110, 52, 5, look.accent))}`,
    face: { y: 114, gap: 14, eye: Math.min(look.eye, 8), mouthY: 134 },
    hand: [196, 200],
    crown: [150, 82],
  });

export const spider: KindDrawing = (look) =>
  creature(look, {
    back: mirrored(
      [0, 1, 2, 3]
        .map((leg) =>
          stroke(
            `M138 ${170 + leg * 14} Q${84 - leg * 4} ${128 + leg * 22} ${56 + leg * 4} ${206 + leg * 18}`,
            look.body,
            8,
          ),
        )
        .join(''),
    ),
    shape: `${circle(150, 206, 58)}${circle(150, 136, 42)}`,
    marks: `${mirrored(`${circle(138, 116, 4, look.dark)}${circle(130, 124, 3, look.dark)}`)}${polygon(
      [
        [150, 186],
        [158, 204],
        [150, 222],
        [142, 204],
      ],
      look.accent,
    )}`,
    face: { y: 136, gap: 15, eye: Math.min(look.eye, 8), mouthY: 156 },
    hand: [212, 196],
    crown: [150, 94],
  });

export const crab: KindDrawing = (look) =>
  creature(look, {
    back: mirrored(
      `${stroke('M84 214 L44 236 M88 228 L50 258 M98 240 L66 270', look.body, 8)}${stroke('M76 196 Q50 184 56 150', look.body, 12)}`,
    ),
    shape: `${ellipse(150, 206, 90, 52)}${mirrored(`${stroke('M130 166 L124 128', look.body, 9)}${circle(124, 122, 15)}${tilted(42, 132, 13, 26, -22)}${tilted(64, 126, 10, 22, 22)}`)}`,
    marks: ellipse(150, 222, 52, 20, look.light, ' opacity="0.5"'),
    face: { y: 122, gap: 26, eye: Math.min(look.eye, 9), mouthY: 206 },
    hand: [238, 150],
    crown: [150, 150],
  });

export const starfish: KindDrawing = (look) =>
  creature(look, {
    shape: star(
      150,
      170,
      118,
      48,
      5,
      undefined,
      ` stroke="${look.body}" stroke-width="18" stroke-linejoin="round"`,
    ),
    marks: `<g fill="${look.light}" opacity="0.7">${dots(around(150, 170, 80, 5), 5)}${dots(around(150, 170, 52, 5), 4)}</g>`,
    face: { y: 164, gap: 18 },
    hand: [244, 150],
    crown: [150, 52],
  });

export const urchin: KindDrawing = (look) =>
  creature(look, {
    back: around(150, 184, 104, 28)
      .map(([x, y]) => stroke(`M150 184 L${x.toFixed(1)} ${y.toFixed(1)}`, look.body, 6))
      .join(''),
    shape: circle(150, 184, 70),
    marks: `<g fill="${look.accent}">${dots(around(150, 184, 56, 12, 15), 4)}</g>`,
    face: { y: 176, gap: 22 },
    hand: [226, 212],
    crown: [150, 114],
  });

export const anemone: KindDrawing = (look) =>
  creature(look, {
    back: Array.from({ length: 9 }, (_, index) => {
      const x = 106 + index * 11;
      const lean = (index - 4) * 12;
      return stroke(
        `M${x} 184 C${x + lean - 14} 140 ${x + lean + 14} 110 ${x + lean * 1.6} 76`,
        look.body,
        13,
      );
    }).join(''),
    shape: rect(100, 168, 100, 100, 30),
    marks:
      `<g fill="${look.accent}">` +
      `${Array.from({ length: 9 }, (_, index) => circle(106 + index * 11 + (index - 4) * 19.2, 76, 8)).join('')}</g>` +
      `${stroke('M108 250 h84', look.light, 6, ' opacity="0.5"')}`,
    face: { y: 206, gap: 20, mouthY: 230 },
    hand: [208, 222],
    crown: [150, 168],
    neck: [150, 172],
  });

export const limpet: KindDrawing = (look) =>
  creature(look, {
    shape: `${path('M46 262 Q150 28 254 262Z')}`,
    marks: `${stroke('M150 116 L150 96 M150 120 L96 250 M150 120 L204 250 M150 120 L122 256 M150 120 L178 256', look.accent, 5, ' opacity="0.55"')}${ellipse(150, 266, 100, 9, look.accent)}${mirrored(
      path('M150 226 Q132 236 118 226 Q130 246 150 236Z', look.light),
    )}${mirrored(stroke('M118 184 q12 -8 22 0', look.light, 5))}`,
    face: { y: 200, gap: 20, mouthY: 246, mouth: 'none' },
    hand: [224, 226],
    crown: [150, 100],
    neck: [150, 236],
  });

export const snail: KindDrawing = (look) =>
  creature(look, {
    back: `${stroke('M66 128 L56 92 M86 128 L96 92', look.body, 7)}${circle(56, 88, 10)}${circle(96, 88, 10)}`,
    shape: `${rect(40, 236, 224, 32, 16)}${rect(48, 136, 54, 120, 27)}${circle(184, 184, 68, look.accent)}`,
    marks: `${stroke('M184 184 m-8 0 a8 8 0 1 1 16 0 a20 20 0 1 1 -40 0 a32 32 0 1 1 64 0 a44 44 0 1 1 -88 0', look.light, 6, ' opacity="0.8"')}`,
    face: { x: 76, y: 88, gap: 20, eye: Math.min(look.eye, 7), mouthY: 168, cheeks: false },
    hand: [120, 212],
    crown: [184, 116],
    neck: [76, 186],
  });

export const shrimp: KindDrawing = (look) =>
  creature(look, {
    back: `${stroke('M104 96 C70 40 40 60 24 90 M112 90 C96 30 60 24 40 40', look.dark, 3)}${mirrored(
      polygon([
        [108, 250],
        [84, 278],
        [128, 268],
      ]),
      118,
    )}`,
    shape: `${stroke('M120 110 C236 96 248 240 128 252', look.body, 56)}${circle(116, 116, 40)}`,
    marks:
      `${stroke('M190 128 l26 -12 M212 170 l30 -2 M210 212 l28 10', look.accent, 7)}` +
      `${stroke('M178 160 q-16 -4 -20 -16 M196 196 q-16 -2 -24 -14', look.light, 5, ' opacity="0.6"')}` +
      `${mirrored(stroke('M150 232 l-4 18', look.accent, 4), 162)}`,
    face: { x: 116, y: 112, gap: 15, eye: Math.min(look.eye, 8), mouthY: 134, cheeks: false },
    hand: [86, 176],
    crown: [116, 76],
    neck: [118, 152],
  });

export const octopus: KindDrawing = (look) =>
  creature(look, {
    back: [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5]
      .map((lane) => {
        const x = 150 + lane * 22;
        const end = 150 + lane * 46;
        const curl = lane < 0 ? -14 : 14;
        return stroke(`M${x} 176 C${x} 230 ${end} 226 ${end} 254 q0 14 ${curl} 10`, look.body, 18);
      })
      .join(''),
    shape: ellipse(150, 128, 72, 78),
    marks: `<g fill="${look.accent}">${[-2.5, -1.5, -0.5, 0.5, 1.5, 2.5].map((lane) => circle(150 + lane * 40, 246, 4)).join('')}</g>${mirrored(circle(112, 90, 9, look.light, ' opacity="0.5"'))}`,
    face: { y: 138, gap: 24 },
    hand: [240, 236],
    crown: [150, 50],
    neck: [150, 196],
  });
