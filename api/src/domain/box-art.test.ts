import { SEED_SERIES } from '../seed/catalogue-data';
import { boxLabel, boxLook, renderBoxArt, type BoxArtInput } from './box-art';
import { renderFigureArt } from './figure-art';

const seeded: BoxArtInput[] = SEED_SERIES.flatMap((series) =>
  series.boxes.map((box) => ({
    artSeed: box.slug,
    name: box.name,
    seriesName: series.name,
    styleSlug: series.style,
  })),
);
const [blindBox, hunterBox] = seeded;

describe('renderBoxArt', () => {
  it('draws the same SVG for the same model every time', () => {
    expect(renderBoxArt(blindBox!)).toBe(renderBoxArt({ ...blindBox! }));
  });

  it('is a self-contained SVG that names the box, its series and the model', () => {
    const svg = renderBoxArt(hunterBox!);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 300 300"/);
    expect(svg).toContain('<title>Cloud Bakery Secret Hunter Box: mystery box packaging</title>');
    expect(svg).toContain('>Cloud Bakery</text>');
    expect(svg).toContain('>Secret Hunter Box</text>');
    expect(svg).toContain('>?</text>');
    expect(svg).not.toMatch(/<script|href=|url\(http|NaN|undefined/);
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('gives each box model of the seed its own look, even two boxes of one series', () => {
    expect(blindBox?.seriesName).toBe(hunterBox?.seriesName);
    const looks = seeded.map((input) => JSON.stringify(boxLook(input)));
    expect(new Set(looks).size).toBe(seeded.length);
    const unnamed = (input: BoxArtInput) => renderBoxArt({ ...input, name: 'Box', seriesName: 'Series' });
    expect(unnamed(blindBox!)).not.toBe(unnamed(hunterBox!));
  });

  it("takes its colours from the series' style palette", () => {
    const kawaii = ['#ffd1dc', '#ffe5b4', '#c8f2e0', '#d9ccff', '#fff1a8', '#ffc4a3'];
    for (const input of seeded.filter((box) => box.styleSlug === 'kawaii-pop'))
      expect(kawaii).toContain(boxLook(input).body);
  });

  it('shows no figure: none of a figure art’s shapes are in it', () => {
    const svg = renderBoxArt(blindBox!);
    expect(svg).not.toContain('data-kind=');
    expect(svg).not.toBe(
      renderFigureArt({
        artSeed: blindBox!.artSeed,
        name: blindBox!.name,
        styleSlug: 'kawaii-pop',
        rarity: 'secret',
        kind: 'pastry',
        pose: 'stand',
        prop: null,
      }),
    );
  });

  it('escapes the names, and squeezes a long one to fit the front', () => {
    const svg = renderBoxArt({ ...blindBox!, name: '<Tom & "Jerry"> Deluxe Collector Edition Box' });
    expect(svg).toContain('&#60;Tom &#38; &#34;Jerry&#34;&#62;');
    expect(svg).not.toContain('<Tom');
    expect(svg).toContain('lengthAdjust="spacingAndGlyphs"');
  });
});

describe('boxLabel', () => {
  it("is the model's name without its series' name, or the whole name", () => {
    expect(boxLabel({ name: 'Cloud Bakery Secret Hunter Box', seriesName: 'Cloud Bakery' })).toBe(
      'Secret Hunter Box',
    );
    expect(boxLabel({ name: 'Starter Box', seriesName: 'Cloud Bakery' })).toBe('Starter Box');
    expect(boxLabel({ name: 'Cloud Bakery', seriesName: 'Cloud Bakery' })).toBe('Cloud Bakery');
  });
});
