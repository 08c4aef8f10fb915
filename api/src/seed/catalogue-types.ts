/** The shape of the seed catalogue (catalogue-data.ts). */
import type { FigureKind, FigurePose, FigureProp } from '../domain/figure-art';
export interface SeedStyle {
  slug: string;
  name: string;
  description: string;
}

/** What the figure's art draws, as its description tells it: kind, pose (default stand) and prop. */
export interface SeedArt {
  kind: FigureKind;
  pose?: FigurePose;
  prop?: FigureProp;
}

/** [name, one-line description, art] */
export type SeedFigure = readonly [string, string, SeedArt];

export interface SeedBox {
  slug: string;
  name: string;
  description: string;
  priceMinor: number;
  currency: string;
  /** Odds of the secret figure in parts per million; the regular figures share the rest evenly. */
  secretOddsPpm: number;
  /** Units of each regular figure, and of the secret one. */
  stock: { regular: number; secret: number };
}

export interface SeedSeries {
  slug: string;
  style: string;
  name: string;
  description: string;
  releasedOn: string;
  heightMm: number;
  figures: readonly SeedFigure[];
  /** The secret figure: last in the line-up, rarest in the box. */
  secret: SeedFigure;
  boxes: readonly SeedBox[];
}
