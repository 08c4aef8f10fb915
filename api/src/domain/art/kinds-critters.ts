/**
 * Four-legged critters: one head and torso, told apart by what makes each animal readable at a
 * glance (ears, tails, muzzles, markings). A curled critter rolls its torso up under a lowered head.
 */
import type { Face, KindDrawing, Look, Mouth, Parts } from './look';
import { circle, ellipse, mirrored, path, polygon, rect, stroke, tilted } from './shapes';

interface CritterParts {
  ears?: string;
  back?: string;
  marks?: string;
  mouth?: Mouth;
  head?: string;
  /** Width added to the seeded torso. */
  wider?: number;
  face?: Partial<Face>;
}

function critter(look: Look, parts: CritterParts): Parts {
  const { hx, hy, r, pose } = look;
  const bw = look.bw + (parts.wider ?? 0);
  const curled = pose === 'curl';
  const torso = curled ? ellipse(164, 216, 96, 54) : rect(150 - bw / 2, 158, bw, 110, bw / 2.4);
  const arm = tilted(150 - bw / 2 + 2, 196, 12, 22, 20);
  const arms = curled
    ? ''
    : pose === 'wave'
      ? `${arm}${tilted(150 + bw / 2 + 4, 146, 12, 24, -160)}`
      : mirrored(arm);
  const feet = curled ? ellipse(236, 244, 18, 12) : mirrored(ellipse(150 - bw / 4, 266, 20, 9));
  return {
    back: parts.back ?? '',
    shape: `${parts.ears ?? ''}${torso}${feet}${arms}${parts.head ?? circle(hx, hy, r)}`,
    marks: parts.marks ?? '',
    face: {
      x: hx,
      y: hy - 4,
      gap: look.gap,
      eye: look.eye,
      mouth: parts.mouth ?? look.mouth,
      mouthY: hy + 24,
      cheeks: look.cheeks,
      ...parts.face,
    },
    hand: curled ? [226, 196] : [150 + bw / 2 + 6, 204],
    crown: [hx, hy - r],
    waist: { y: curled ? 216 : 214, half: curled ? 96 : bw / 2 },
    neck: [hx, hy + r - 6],
  };
}

/** A pair of ears on a head at (hx, hy), drawn for the left side and mirrored. */
const pairOf = (look: Look, left: string) => mirrored(left, look.hx);

const muzzle = (look: Look, width = 0.36, height = 0.27) =>
  `${ellipse(look.hx, look.hy + look.r * 0.4, look.r * width, look.r * height, look.light)}${ellipse(look.hx, look.hy + look.r * 0.26, 7, 5, look.dark)}`;

const belly = (look: Look) =>
  look.pose === 'curl' ? '' : ellipse(150, 222, look.bw * 0.28, 32, look.light, ' opacity="0.6"');

const tailX = (look: Look) => 150 + look.bw / 2;

const whiskers = (look: Look) =>
  pairOf(
    look,
    stroke(
      `M${look.hx - 14} ${look.hy + 20} l-30 -4 M${look.hx - 14} ${look.hy + 26} l-30 4`,
      look.dark,
      2,
      ' opacity="0.6"',
    ),
  );

export const bear: KindDrawing = (look) =>
  critter(look, {
    ears: pairOf(look, circle(look.hx - look.r * 0.7, look.hy - look.r * 0.7, 18)),
    marks: `${pairOf(look, circle(look.hx - look.r * 0.7, look.hy - look.r * 0.7, 9, look.accent))}${muzzle(look)}${belly(look)}`,
    face: { y: look.hy - 10, mouthY: look.hy + look.r * 0.46 },
  });

export const panda: KindDrawing = (look) =>
  critter(look, {
    ears: pairOf(look, circle(look.hx - look.r * 0.78, look.hy - look.r * 0.66, 21)),
    marks: `${pairOf(look, `${circle(look.hx - look.r * 0.78, look.hy - look.r * 0.66, 21, look.dark)}${tilted(look.hx - look.gap, look.hy - 8, 14, 18, 30, look.dark)}`)}${
      look.pose === 'curl' ? '' : pairOf(look, tilted(150 - look.bw / 2 + 2, 196, 12, 22, 20, look.dark))
    }${muzzle(look, 0.3, 0.22)}`,
    face: { y: look.hy - 8, lightEyes: true, mouthY: look.hy + look.r * 0.44 },
  });

export const cat: KindDrawing = (look) =>
  critter(look, {
    ears: pairOf(
      look,
      polygon([
        [look.hx - look.r * 0.95, look.hy - look.r * 0.2],
        [look.hx - look.r * 0.72, look.hy - look.r * 1.3],
        [look.hx - look.r * 0.18, look.hy - look.r * 0.88],
      ]),
    ),
    back: stroke(
      `M${tailX(look) - 8} 252 C${tailX(look) + 52} 252 ${tailX(look) + 44} 176 ${tailX(look) + 22} 160`,
      look.body,
      14,
    ),
    marks: `${pairOf(
      look,
      polygon(
        [
          [look.hx - look.r * 0.78, look.hy - look.r * 0.45],
          [look.hx - look.r * 0.68, look.hy - look.r * 1.05],
          [look.hx - look.r * 0.38, look.hy - look.r * 0.8],
        ],
        look.accent,
      ),
    )}${whiskers(look)}${belly(look)}`,
    mouth: 'cat',
  });

export const dog: KindDrawing = (look) =>
  critter(look, {
    back: stroke(`M${tailX(look) - 8} 236 q30 -8 30 -44`, look.body, 13),
    marks: `${pairOf(look, tilted(look.hx - look.r * 0.9, look.hy + look.r * 0.05, 15, 36, 16, look.accent))}${muzzle(look, 0.42, 0.3)}${belly(look)}`,
    face: { y: look.hy - 10, mouthY: look.hy + look.r * 0.48 },
  });

export const fox: KindDrawing = (look) =>
  critter(look, {
    ears: pairOf(
      look,
      polygon([
        [look.hx - look.r * 0.92, look.hy - look.r * 0.3],
        [look.hx - look.r * 0.86, look.hy - look.r * 1.5],
        [look.hx - look.r * 0.22, look.hy - look.r * 0.9],
      ]),
    ),
    back: path(
      `M${tailX(look) - 10} 256 C${tailX(look) + 70} 266 ${tailX(look) + 76} 172 ${tailX(look) + 32} 150 C${tailX(look) + 42} 200 ${tailX(look) + 12} 226 ${tailX(look) - 10} 236Z`,
    ),
    marks: `${path(
      `M${look.hx - look.r * 0.95} ${look.hy + 4} ` +
        `Q${look.hx} ${look.hy + look.r * 1.25} ${look.hx + look.r * 0.95} ${look.hy + 4} ` +
        `Q${look.hx} ${look.hy + look.r * 0.5} ${look.hx - look.r * 0.95} ${look.hy + 4}Z`,
      look.light,
    )}${pairOf(
      look,
      polygon(
        [
          [look.hx - look.r * 0.89, look.hy - look.r * 1.1],
          [look.hx - look.r * 0.86, look.hy - look.r * 1.5],
          [look.hx - look.r * 0.6, look.hy - look.r * 1.25],
        ],
        look.dark,
      ),
    )}${circle(tailX(look) + 36, 156, 9, look.light)}${ellipse(look.hx, look.hy + look.r * 0.3, 6, 4, look.dark)}`,
    mouth: 'cat',
    face: { mouthY: look.hy + look.r * 0.42 },
  });

export const rabbit: KindDrawing = (look) =>
  critter(look, {
    ears: pairOf(look, tilted(look.hx - look.r * 0.4, look.hy - look.r * 1.4, 13, 42, -10)),
    marks: `${pairOf(look, tilted(look.hx - look.r * 0.4, look.hy - look.r * 1.35, 6, 30, -10, look.accent))}${rect(look.hx - 6, look.hy + look.r * 0.44, 12, 10, 2, look.light)}${belly(look)}`,
    mouth: 'cat',
    face: { mouthY: look.hy + look.r * 0.36 },
  });

export const mouse: KindDrawing = (look) =>
  critter(look, {
    ears: pairOf(look, circle(look.hx - look.r * 0.9, look.hy - look.r * 0.62, 29)),
    back: stroke(
      `M${tailX(look) - 6} 258 C${tailX(look) + 60} 262 ${tailX(look) + 36} 196 ${tailX(look) + 70} 178`,
      look.body,
      5,
    ),
    marks: `${pairOf(look, circle(look.hx - look.r * 0.9, look.hy - look.r * 0.62, 17, look.accent))}${circle(look.hx, look.hy + look.r * 0.3, 7, look.accent)}${whiskers(look)}${belly(look)}`,
    face: { mouthY: look.hy + look.r * 0.46 },
  });

export const mole: KindDrawing = (look) =>
  critter(look, {
    head: ellipse(look.hx, look.hy + 8, look.r * 1.08, look.r * 0.86),
    wider: 16,
    marks: `${
      look.pose === 'curl'
        ? ''
        : pairOf(
            look,
            `${ellipse(150 - look.bw / 2 - 10, 206, 22, 16)}` +
              `${stroke('M' + (150 - look.bw / 2 - 26) + ' 212 l-6 6 m10 -2 l-4 8 m10 -4 l-2 8', look.light, 3)}`,
          )
    }${circle(look.hx, look.hy + look.r * 0.34, 12, look.accent)}`,
    face: { eye: 3, y: look.hy + 2, mouthY: look.hy + look.r * 0.62 },
  });

export const hedgehog: KindDrawing = (look) => {
  const spikes = Array.from({ length: 13 }, (_, index) => {
    const angle = ((-120 + index * 20) * Math.PI) / 180;
    const tip = look.r + 26;
    const base = look.r - 4;
    const side = (10 * Math.PI) / 180;
    return polygon([
      [look.hx + base * Math.sin(angle - side), look.hy - base * Math.cos(angle - side)],
      [look.hx + tip * Math.sin(angle), look.hy - tip * Math.cos(angle)],
      [look.hx + base * Math.sin(angle + side), look.hy - base * Math.cos(angle + side)],
    ]);
  }).join('');
  return critter(look, {
    back: `<g fill="${look.accent}">${spikes}</g>`,
    marks: `${ellipse(look.hx, look.hy + 10, look.r * 0.72, look.r * 0.64, look.light)}${ellipse(look.hx, look.hy + look.r * 0.38, 6, 5, look.dark)}`,
    face: { mouthY: look.hy + look.r * 0.52 },
  });
};

export const sloth: KindDrawing = (look) =>
  critter(look, {
    back:
      look.pose === 'curl'
        ? ''
        : mirrored(
            stroke(
              `M${150 - look.bw / 2 + 10} 172 C${150 - look.bw / 2 - 26} 196 ${150 - look.bw / 2 - 24} 236 ${150 - look.bw / 2 - 14} 258`,
              look.body,
              17,
            ),
          ),
    marks:
      `${ellipse(look.hx, look.hy + 6, look.r * 0.8, look.r * 0.66, look.light)}` +
      `${pairOf(look, tilted(look.hx - look.gap - 2, look.hy - 2, 17, 10, 28, look.dark))}` +
      `${ellipse(look.hx, look.hy + look.r * 0.28, 6, 4, look.dark)}`,
    face: { lightEyes: true, y: look.hy - 2, mouthY: look.hy + look.r * 0.46, mouth: 'smile' },
  });

export const lamb: KindDrawing = (look) => {
  const wool = (cx: number, cy: number, radius: number, count: number) =>
    Array.from({ length: count }, (_, index) => {
      const angle = (index / count) * Math.PI * 2;
      return circle(cx + radius * Math.cos(angle), cy + radius * Math.sin(angle) * 0.8, 17);
    }).join('');
  return critter(look, {
    ears: pairOf(look, tilted(look.hx - look.r - 4, look.hy + 2, 22, 9, -18)),
    marks: `<g fill="${look.light}">${wool(look.hx, look.hy - look.r * 0.75, look.r * 0.5, 7)}${look.pose === 'curl' ? wool(168, 212, 70, 12) : wool(150, 212, look.bw * 0.36, 9)}</g>`,
    face: { mouthY: look.hy + look.r * 0.4 },
  });
};

export const badger: KindDrawing = (look) =>
  critter(look, {
    ears: pairOf(look, circle(look.hx - look.r * 0.86, look.hy - look.r * 0.4, 13)),
    head: ellipse(look.hx, look.hy + 4, look.r * 1.1, look.r * 0.92),
    wider: 18,
    marks:
      `${pairOf(look, tilted(look.hx - look.gap, look.hy, 13, look.r * 0.56, 12, look.dark))}` +
      `${rect(look.hx - 10, look.hy - look.r * 0.86, 20, look.r * 1.2, 10, look.light)}` +
      `${ellipse(look.hx, look.hy + look.r * 0.4, 8, 6, look.dark)}`,
    face: { lightEyes: true, mouthY: look.hy + look.r * 0.6 },
  });

export const otter: KindDrawing = (look) =>
  critter(look, {
    ears: pairOf(look, circle(look.hx - look.r * 0.84, look.hy - look.r * 0.25, 10)),
    head: circle(look.hx, look.hy + 8, look.r * 0.86),
    wider: -14,
    back: path(
      `M${tailX(look) - 16} 238 Q${tailX(look) + 56} 246 ${tailX(look) + 76} 272 Q${tailX(look) + 28} 274 ${tailX(look) - 16} 266Z`,
    ),
    marks: `${pairOf(look, circle(look.hx - 10, look.hy + look.r * 0.4, 11, look.light))}${ellipse(look.hx, look.hy + look.r * 0.28, 7, 5, look.dark)}${belly(look)}`,
    face: { y: look.hy - 2, mouthY: look.hy + look.r * 0.56 },
  });

export const deer: KindDrawing = (look) =>
  critter(look, {
    ears: pairOf(look, tilted(look.hx - look.r * 1.08, look.hy - look.r * 0.42, 27, 11, 24)),
    head: ellipse(look.hx, look.hy, look.r * 0.9, look.r),
    marks:
      `${pairOf(look, tilted(look.hx - look.r * 1.06, look.hy - look.r * 0.42, 15, 5, 24, look.accent))}` +
      `${ellipse(look.hx, look.hy + look.r * 0.5, look.r * 0.4, look.r * 0.3, look.light)}` +
      `${ellipse(look.hx, look.hy + look.r * 0.36, 7, 5, look.dark)}` +
      `<g fill="${look.light}">${circle(132, 186, 5)}${circle(166, 178, 4)}${circle(150, 200, 5)}` +
      `${circle(172, 214, 4)}${circle(128, 222, 4)}</g>`,
    face: { mouthY: look.hy + look.r * 0.6 },
  });
