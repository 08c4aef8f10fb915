import type { SearchEntry } from '@arttoy/shared/contracts/api';
import { buildSiteSearch } from './search-index';

function entry(id: string, fields: Partial<SearchEntry>): SearchEntry {
  return {
    id,
    kind: 'post',
    path: `/blog/${id}`,
    title: id,
    description: '',
    headings: [],
    text: '',
    ...fields,
  };
}

const LONG_TEXT =
  'Collectors ask us about many things every week, from boxes to shelves to lighting. '.repeat(3);

const ENTRIES: SearchEntry[] = [
  entry('text-only', {
    title: 'Letters from collectors',
    text: `${LONG_TEXT} Soft vinyl yellows in direct sunlight.`,
  }),
  entry('in-heading', { title: 'A shelf that lasts', headings: ['Keeping vinyl clean'], text: LONG_TEXT }),
  entry('in-title', { title: 'Caring for vinyl figures', text: LONG_TEXT }),
  entry('draws', {
    kind: 'rules',
    path: '/rules/authenticity',
    title: 'How our draws are fair',
    headings: ['Server seed', 'Client seed'],
    text: 'Every draw can be recomputed.',
  }),
  entry('figure:12', {
    kind: 'figure',
    path: '/gallery/style/detail/moonlit-bunny',
    title: 'Moonlit Bunny',
    description: 'Soft vinyl, 12 cm',
    image: '/api/figures/moonlit-bunny/art.svg?v=2',
  }),
  entry('box:3', {
    kind: 'box',
    path: '/mysterybox/3',
    title: 'Harbour Lights Blind Box',
    description: 'Mystery box from Harbour Lights · $15.99',
    headings: ['Harbour Lights'],
  }),
];

describe('the site search index', () => {
  const search = buildSiteSearch(ENTRIES);

  it('ranks a match in a title above one in a heading above one in the text', () => {
    expect(
      search
        .search('vinyl')
        .map((hit) => hit.id)
        .filter((id) => id !== 'figure:12'),
    ).toEqual(['in-title', 'in-heading', 'text-only']);
  });

  it('finds words by their beginning', () => {
    expect(search.search('moonl').map((hit) => hit.id)).toEqual(['figure:12']);
    expect(search.search('recomp').map((hit) => hit.id)).toEqual(['draws']);
  });

  it('forgives a small typo', () => {
    expect(search.search('monlit bunny')[0]?.id).toBe('figure:12');
    expect(search.search('bumny')[0]?.id).toBe('figure:12');
    expect(search.search('fare draws')[0]?.id).toBe('draws');
    // Words under four letters must be exact or a prefix: `sed` is not `seed`.
    expect(search.search('sed')).toEqual([]);
  });

  it('needs every word when some result has them all, else any', () => {
    expect(search.search('seed client').map((hit) => hit.id)).toEqual(['draws']);
    expect(
      search
        .search('bunny shelf')
        .map((hit) => hit.id)
        .toSorted(),
    ).toEqual(['figure:12', 'in-heading']);
  });

  it('answers with what a result links to and its picture, and nothing for a blank query', () => {
    expect(search.search('moonlit')[0]).toMatchObject({
      kind: 'figure',
      path: '/gallery/style/detail/moonlit-bunny',
      title: 'Moonlit Bunny',
      description: 'Soft vinyl, 12 cm',
      image: '/api/figures/moonlit-bunny/art.svg?v=2',
    });
    expect(search.search('draws')[0]).not.toHaveProperty('image');
    expect(search.search('   ')).toEqual([]);
  });

  it('finds a mystery box by its name or series, with its price', () => {
    expect(search.search('harbour box')[0]).toMatchObject({
      id: 'box:3',
      kind: 'box',
      path: '/mysterybox/3',
      description: 'Mystery box from Harbour Lights · $15.99',
    });
  });

  it('limits the number of results', () => {
    expect(search.search('vinyl', 2)).toHaveLength(2);
  });

  it('keeps the first of two entries with one id instead of failing', () => {
    const twice = buildSiteSearch([entry('a', { title: 'First' }), entry('a', { title: 'Second' })]);
    expect(twice.size).toBe(1);
    expect(twice.search('first')).toHaveLength(1);
  });
});
