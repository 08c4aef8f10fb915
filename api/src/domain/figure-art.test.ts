import { renderFigureArt } from './figure-art';

const figure = { artSeed: 'cloud-bakery-mochi-bunny', name: 'Mochi Bunny', styleSlug: 'kawaii-pop', rarity: 'regular' as const };

describe('renderFigureArt', () => {
  it('draws the same SVG for the same seed, a different one for another seed', () => {
    expect(renderFigureArt(figure)).toBe(renderFigureArt({ ...figure }));
    expect(renderFigureArt({ ...figure, artSeed: 'other' })).not.toBe(renderFigureArt(figure));
  });

  it('is a self-contained SVG with the figure’s name as its accessible label', () => {
    const svg = renderFigureArt(figure);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 300 300"/);
    expect(svg).toContain('<title>Mochi Bunny</title>');
    expect(svg).not.toMatch(/<script|href=|url\(http/);
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
});
