/**
 * PLACEHOLDER CONTENT for the home page, until the catalogue API (gallery and mystery box issues)
 * and the blog content issue land: then these sections read from /api and the content index.
 * Written as real copy so the page reads as the product will, never as filler text.
 */
export const FEATURED_SERIES = [
  { slug: 'moonlit-garden', name: 'Moonlit Garden', style: 'Soft vinyl', blurb: 'Nine sleepy creatures who only bloom after dark, and one glowing secret.' },
  { slug: 'tiny-astronauts', name: 'Tiny Astronauts', style: 'Designer resin', blurb: 'A crew of eight explorers in hand-painted suits, each with a mission patch.' },
  { slug: 'tea-house-cats', name: 'Tea House Cats', style: 'Porcelain finish', blurb: 'Cats who run a tea house: brewers, bakers, and a very rare night-shift owner.' },
] as const;

export const LATEST_BOXES = [
  { id: 1, name: 'Moonlit Garden blind box', price: '$14.99', odds: '1 in 72 holds the secret figure' },
  { id: 2, name: 'Tiny Astronauts blind box', price: '$16.99', odds: '1 in 96 holds the secret figure' },
] as const;

export const LATEST_POSTS = [
  { id: 'how-our-draws-are-fair', title: 'How our draws are fair', summary: 'Every box is drawn from a seed you can check yourself. Here is how.' },
  { id: 'caring-for-your-figures', title: 'Caring for your figures', summary: 'Dust, sunlight and shelves: keeping vinyl and resin at their best.' },
] as const;
