import { cleanMessage } from './clean-message';

describe('cleanMessage', () => {
  it('keeps a URL without its query or fragment', () => {
    expect(
      cleanMessage('Loading chunk 12 failed. (error: https://arttoy.club/mf-rules/abc/12.js?token=s3cret#x)'),
    ).toBe('Loading chunk 12 failed. (error: https://arttoy.club/mf-rules/abc/12.js)');
  });

  it('takes out e-mail addresses, long numbers and opaque strings', () => {
    expect(cleanMessage('No user ada@example.org with card 4111 1111 1111 1111')).toBe(
      'No user <email> with card <number>',
    );
    expect(cleanMessage('bad token eyJhbGciOiJSUzI1NiIsImtpZCI6IjE2In0abcdef')).toBe('bad token <token>');
    // Short numbers stay: they are line numbers, counts, statuses.
    expect(cleanMessage('GET /api/orders answered 503 after 2 tries')).toBe(
      'GET /api/orders answered 503 after 2 tries',
    );
  });

  it('makes one line of at most 200 characters', () => {
    const cleaned = cleanMessage(`first\n  second ${'x '.repeat(300)}`);
    expect(cleaned.startsWith('first second x x')).toBe(true);
    expect(cleaned).toHaveLength(200);
    expect(cleaned.endsWith('…')).toBe(true);
  });
});
