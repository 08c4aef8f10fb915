/** What a kind's drawing gets (the figure's look) and gives back (its parts and where props go). */

export const FIGURE_POSES = ['stand', 'curl', 'lie', 'float', 'wave', 'sleep'] as const;
/** stand: the default; curl: rolled up; lie: on its side or back; float: off the ground; wave: one paw up; sleep: eyes closed. */
export type FigurePose = (typeof FIGURE_POSES)[number];

export type Mouth = 'smile' | 'o' | 'cat' | 'grin' | 'fangs' | 'wide' | 'grille' | 'none';

export interface Look {
  /** Palette colours: the body (every outline shape), an accent, and two fixed inks. */
  body: string;
  accent: string;
  dark: string;
  light: string;
  pose: FigurePose;
  /** Head centre and radius of a four-legged critter; a curled one has its head low and to the left. */
  hx: number;
  hy: number;
  r: number;
  /** Torso width. */
  bw: number;
  /** Seeded face: eye spacing and size, the mouth a kind without its own uses, rosy cheeks. */
  gap: number;
  eye: number;
  mouth: Mouth;
  cheeks: boolean;
}

export interface Face {
  x: number;
  y: number;
  gap: number;
  eye: number;
  mouth: Mouth;
  mouthY: number;
  /** Eyes drawn light (on a dark patch or screen). */
  lightEyes?: boolean;
  cheeks?: boolean;
}

export type Point = readonly [number, number];

export interface Parts {
  /** Drawn first, in the body colour unless a shape says otherwise: tails, wings, legs. */
  back: string;
  /** The outline of the figure, in the body colour. */
  shape: string;
  /** Markings on top of the outline (muzzles, patches, stripes). */
  marks: string;
  face: Face;
  /** Where a held prop goes, the top of the head (hats), the waist (rings, belts) and the neck (scarves). */
  hand: Point;
  crown: Point;
  waist: { y: number; half: number };
  neck: Point;
}

export type KindDrawing = (look: Look) => Parts;

/** Beaks and bills are orange whatever the palette: a duck is read by its bill. */
export const BEAK = '#f59e0b';
