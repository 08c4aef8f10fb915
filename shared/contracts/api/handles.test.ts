import { plainHandleForms, reservedWordIn } from './handles';

describe('reserved handles', () => {
  it.each([
    ['admin', 'admin'],
    ['Adm1n', 'admin'],
    ['Off1cial_', 'official'],
    ['officia1', 'official'],
    ['arttoy_support', 'arttoy'],
    ['art_toy_fan', 'arttoy'],
    ['5upp0rt', 'support'],
    ['aaddmmiinn', 'admin'],
    ['st4ff', 'staff'],
    ['help', 'help'],
    ['r00t', 'root'],
    ['mod', 'mod'],
  ])('%s reads as %s', (handle, word) => {
    expect(reservedWordIn(handle)).toBe(word);
  });

  it.each(['night_owl_7', 'helpful_hana', 'groot_fan', 'lovelace', 'modest_mouse'])(
    '%s is free to choose',
    (handle) => {
      expect(reservedWordIn(handle)).toBeNull();
    },
  );

  it('reads 1 as both i and l, drops separators and runs of one character', () => {
    expect(plainHandleForms('B1ll_y.-')).toEqual(['bily', 'bly']);
  });
});
