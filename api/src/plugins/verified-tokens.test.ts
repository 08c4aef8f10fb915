import { verifiedTokens } from './verified-tokens';

const alice = { uid: 'alice', email: 'alice@example.test', displayName: 'alice' };
const bob = { uid: 'bob', email: null, displayName: null };

describe('verified ID tokens', () => {
  it('answers a kept token until it expires, and not after', () => {
    const tokens = verifiedTokens();
    tokens.keep('a.b.c', alice, 10_000);
    expect(tokens.get('a.b.c', 9_999)).toEqual(alice);
    expect(tokens.get('a.b.c', 10_000)).toBeUndefined();
    // Gone for good once seen expired.
    expect(tokens.get('a.b.c', 0)).toBeUndefined();
  });

  it('knows only the exact token it kept', () => {
    const tokens = verifiedTokens();
    tokens.keep('a.b.c', alice, 10_000);
    expect(tokens.get('a.b.d', 0)).toBeUndefined();
  });

  it('keeps at most its bound, dropping the oldest first', () => {
    const tokens = verifiedTokens(2);
    tokens.keep('one', alice, 10_000);
    tokens.keep('two', bob, 10_000);
    tokens.keep('three', bob, 10_000);
    expect(tokens.get('one', 0)).toBeUndefined();
    expect(tokens.get('two', 0)).toEqual(bob);
    expect(tokens.get('three', 0)).toEqual(bob);
  });
});
