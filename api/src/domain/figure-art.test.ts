import { SEED_SERIES } from '../seed/catalogue-data';
import {
  FIGURE_KINDS,
  FIGURE_POSES,
  FIGURE_PROPS,
  figureOutline,
  renderFigureArt,
  type ArtInput,
} from './figure-art';

const figure: ArtInput = {
  artSeed: 'cloud-bakery-mochi-bunny',
  name: 'Mochi Bunny',
  styleSlug: 'kawaii-pop',
  rarity: 'regular',
  kind: 'rabbit',
  pose: 'stand',
  prop: null,
};

const seeded = SEED_SERIES.flatMap((series) =>
  [...series.figures, series.secret].map(([name, description, art]) => ({
    series: series.slug,
    name,
    description,
    art,
  })),
);

/** Words in a figure's name that say what it is, by kind. */
const KIND_WORDS: Partial<Record<(typeof FIGURE_KINDS)[number], readonly string[]>> = {
  bear: ['bear', 'cub'],
  cat: ['cat', 'kitten'],
  dog: ['dog', 'pup', 'corgi', 'bulldog'],
  rabbit: ['rabbit', 'bunny'],
  bird: ['chick', 'bird'],
  deer: ['deer', 'fawn', 'stag'],
};
const wordsOf = (kind: (typeof FIGURE_KINDS)[number]) => KIND_WORDS[kind] ?? [kind];

describe('renderFigureArt', () => {
  it('draws the same SVG for the same figure, a different one for another seed', () => {
    expect(renderFigureArt(figure)).toBe(renderFigureArt({ ...figure }));
    expect(renderFigureArt({ ...figure, artSeed: 'other' })).not.toBe(renderFigureArt(figure));
  });

  it('is a self-contained SVG whose title names the figure', () => {
    const svg = renderFigureArt(figure);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 300 300"/);
    expect(svg).toContain('<title>Mochi Bunny</title>');
    expect(svg).toContain('aria-label="Mochi Bunny"');
    expect(svg).not.toMatch(/<script|href=|url\(http|NaN|undefined/);
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('puts a secret figure on gold', () => {
    expect(renderFigureArt({ ...figure, rarity: 'secret' })).toContain('radialGradient');
    expect(renderFigureArt(figure)).not.toContain('radialGradient');
  });

  it('escapes the name', () => {
    const svg = renderFigureArt({ ...figure, name: '<Tom & "Jerry">' });
    expect(svg).toContain('&#60;Tom &#38; &#34;Jerry&#34;&#62;');
    expect(svg).not.toContain('<Tom');
  });

  it('gives every kind its own silhouette, whatever the seed', () => {
    for (const artSeed of ['a', 'cloud-bakery-croissant-cub']) {
      const outlines = FIGURE_KINDS.map((kind) => figureOutline({ ...figure, artSeed, kind }));
      expect(outlines.every((outline) => outline.length > 30)).toBe(true);
      expect(new Set(outlines).size).toBe(FIGURE_KINDS.length);
    }
    expect(renderFigureArt({ ...figure, kind: 'duck' })).not.toBe(
      renderFigureArt({ ...figure, kind: 'moth' }),
    );
    expect(renderFigureArt({ ...figure, kind: 'bear' })).toContain('data-kind="bear"');
  });

  it('draws the pose and the prop', () => {
    const standing = renderFigureArt({ ...figure, kind: 'bear' });
    expect(figureOutline({ ...figure, kind: 'bear', pose: 'curl' })).not.toBe(
      figureOutline({ ...figure, kind: 'bear' }),
    );
    expect(renderFigureArt({ ...figure, kind: 'bear', pose: 'lie' })).toContain('rotate(');
    for (const prop of FIGURE_PROPS) {
      const svg = renderFigureArt({ ...figure, kind: 'bear', prop });
      expect(svg).not.toBe(standing);
      expect(svg).not.toMatch(/NaN|undefined/);
    }
  });
});

describe('the seeded figures’ art', () => {
  it('names a kind, pose and prop the generator draws for every figure', () => {
    expect(seeded).toHaveLength(71);
    const undrawable = seeded.filter(
      ({ art }) =>
        !FIGURE_KINDS.includes(art.kind) ||
        !FIGURE_POSES.includes(art.pose ?? 'stand') ||
        (art.prop !== undefined && !FIGURE_PROPS.includes(art.prop)),
    );
    expect(undrawable.map(({ name }) => name)).toEqual([]);
    expect(new Set(seeded.map(({ art }) => art.kind)).size).toBeGreaterThanOrEqual(30);
  });

  it('draws what the name says: a figure named after an animal is that animal', () => {
    const mismatches = seeded.flatMap(({ name, art }) => {
      const words = name.toLowerCase().split(/\s+/);
      const named = FIGURE_KINDS.filter((kind) => wordsOf(kind).some((word) => words.includes(word)));
      return named.length > 0 && !named.includes(art.kind)
        ? [`${name}: drawn as ${art.kind}, named ${named.join('/')}`]
        : [];
    });
    expect(mismatches).toEqual([]);
  });

  it('draws the croissant cub as a curled bear holding a croissant', () => {
    expect(seeded.find((item) => item.name === 'Croissant Cub')?.art).toEqual({
      kind: 'bear',
      pose: 'curl',
      prop: 'croissant',
    });
  });
});
