import { isPreviewToken, LOCAL_PREVIEW_TOKEN, resolvePreviewTokens } from './preview-tokens';

describe('resolvePreviewTokens', () => {
  it('reads PREVIEW_TOKENS, comma-separated, ignoring blanks', () => {
    expect(
      resolvePreviewTokens(undefined, { PREVIEW_TOKENS: ' one ,two,, ', NODE_ENV: 'production' }),
    ).toEqual(['one', 'two']);
  });

  it('offers the local token only outside production', () => {
    expect(resolvePreviewTokens(undefined, {})).toEqual([LOCAL_PREVIEW_TOKEN]);
    expect(resolvePreviewTokens(undefined, { NODE_ENV: 'test' })).toEqual([LOCAL_PREVIEW_TOKEN]);
    expect(resolvePreviewTokens(undefined, { NODE_ENV: 'production' })).toEqual([]);
    // Set but empty: preview is off, even locally.
    expect(resolvePreviewTokens(undefined, { PREVIEW_TOKENS: '' })).toEqual([]);
  });

  it('prefers tokens given as an option', () => {
    expect(resolvePreviewTokens(['given', ''], { PREVIEW_TOKENS: 'env' })).toEqual(['given']);
  });
});

describe('isPreviewToken', () => {
  const tokens = ['first-token', 'second-token'];

  it('accepts any configured token, exactly', () => {
    expect(isPreviewToken('first-token', tokens)).toBe(true);
    expect(isPreviewToken('second-token', tokens)).toBe(true);
  });

  it('refuses other, partial, longer, empty and missing tokens, and everything when none is configured', () => {
    for (const candidate of ['first-toke', 'first-token ', 'FIRST-TOKEN', '', undefined])
      expect(isPreviewToken(candidate, tokens)).toBe(false);
    expect(isPreviewToken('first-token', [])).toBe(false);
  });
});
