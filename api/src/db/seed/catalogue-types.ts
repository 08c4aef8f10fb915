/** The shape of the seed catalogue (catalogue-data.ts). */
export interface SeedStyle {
  slug: string;
  name: string;
  description: string;
}

/** [name, one-line description] */
export type SeedFigure = readonly [string, string];

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
