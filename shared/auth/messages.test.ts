import { SIGN_IN_PROVIDERS } from '../stores';
import {
  AUTH_NOT_INITIALISED,
  AuthNotInitialisedError,
  authErrorCode,
  isChangedMind,
  loginFailedLog,
  signInErrorMessage,
} from './messages';

const withCode = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('sign-in messages', () => {
  it('says auth is not initialised and must be used in the browser', () => {
    expect(AUTH_NOT_INITIALISED).toMatch(/not initialised/);
    expect(AUTH_NOT_INITIALISED).toMatch(/browser/);
    expect(new AuthNotInitialisedError().message).toBe(AUTH_NOT_INITIALISED);
  });

  it.each(['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled'])(
    'treats %s as a changed mind, not an error',
    (code) => {
      expect(isChangedMind(withCode(code))).toBe(true);
    },
  );

  it.each(['auth/internal-error', 'auth/popup-blocked'])('treats %s as a failure', (code) => {
    expect(isChangedMind(withCode(code))).toBe(false);
  });

  it('reads the code of an error, or nothing', () => {
    expect(authErrorCode(withCode('auth/popup-blocked'))).toBe('auth/popup-blocked');
    expect(authErrorCode(new Error('plain'))).toBeNull();
    expect(authErrorCode(null)).toBeNull();
    expect(authErrorCode('auth/x')).toBeNull();
  });

  it('names the provider and the fix in plain words', () => {
    expect(signInErrorMessage('google', withCode('auth/popup-blocked'))).toBe(
      'Your browser blocked the Google sign-in window. Allow pop-ups for this site, then try again.',
    );
    expect(signInErrorMessage('facebook', withCode('auth/network-request-failed'))).toMatch(
      /^Facebook sign-in could not reach the server/,
    );
    expect(signInErrorMessage('apple', withCode('auth/account-exists-with-different-credential'))).toMatch(
      /already linked to another way of signing in/,
    );
    expect(signInErrorMessage('apple', new AuthNotInitialisedError())).toBe(AUTH_NOT_INITIALISED);
  });

  it('falls back to a plain retry message, never the SDK text', () => {
    const message = signInErrorMessage('apple', withCode('auth/internal-error'));
    expect(message).toBe('Apple sign-in did not finish. Please try again.');
    expect(message).not.toContain('Firebase');
  });

  it.each(SIGN_IN_PROVIDERS.map((provider) => [provider]))(
    'logs a %s failure with its own line',
    (provider) => {
      expect(loginFailedLog(provider)).toMatch(new RegExp(`^${provider} login failed:$`, 'i'));
    },
  );
});
