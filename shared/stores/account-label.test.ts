import { accountName, signedInText } from './account-label';

describe('account labels', () => {
  it('names the visitor by display name, else e-mail, never the uid', () => {
    expect(accountName({ displayName: 'Ada', email: 'ada@example.test' })).toBe('Ada');
    expect(accountName({ displayName: '  ', email: 'ada@example.test' })).toBe('ada@example.test');
    expect(accountName({ displayName: null, email: null })).toBe('your account');
  });

  it('says who is signed in with name and e-mail when both are known', () => {
    expect(signedInText({ displayName: 'Ada', email: 'ada@example.test' })).toBe(
      'Signed in as Ada (ada@example.test)',
    );
    expect(signedInText({ displayName: 'Ada', email: null })).toBe('Signed in as Ada');
    expect(signedInText({ displayName: null, email: 'ada@example.test' })).toBe(
      'Signed in as ada@example.test',
    );
    expect(signedInText({ displayName: null, email: null })).toBe('Signed in');
  });
});
