/** Every kind of figure the art generator can draw, each with its own silhouette. */
import * as critters from './kinds-critters';
import * as creatures from './kinds-creatures';
import * as folk from './kinds-folk';
import type { KindDrawing } from './look';

export const FIGURE_KINDS = [
  'bear',
  'panda',
  'cat',
  'dog',
  'fox',
  'rabbit',
  'mouse',
  'mole',
  'hedgehog',
  'sloth',
  'lamb',
  'badger',
  'otter',
  'deer',
  'duck',
  'bird',
  'owl',
  'frog',
  'moth',
  'firefly',
  'spider',
  'crab',
  'starfish',
  'urchin',
  'anemone',
  'limpet',
  'snail',
  'shrimp',
  'octopus',
  'person',
  'goblin',
  'oni',
  'kappa',
  'mummy',
  'ghost',
  'robot',
  'mushroom',
  'pastry',
] as const;
export type FigureKind = (typeof FIGURE_KINDS)[number];

export const KIND_DRAWINGS: Record<FigureKind, KindDrawing> = {
  ...critters,
  ...creatures,
  ...folk,
};

export const isFigureKind = (value: string): value is FigureKind =>
  (FIGURE_KINDS as readonly string[]).includes(value);
