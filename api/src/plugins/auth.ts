/**
 * Sign-in: Firebase ID tokens, verified with firebase-admin (the Auth emulator's tokens when
 * FIREBASE_AUTH_EMULATOR_HOST is set). The user id always comes from the verified token; nothing
 * the client sends in a body or query can name another user.
 */
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { type ApiError, apiError } from '../errors';
import type { VerifiedIdentity } from '../domain/users';
import { verifiedTokens } from './verified-tokens';
import { apiEnvironment, type Environment } from '../config';

export interface AuthOptions {
  /** The Firebase project whose tokens are accepted (their `aud`). */
  projectId: string;
  /**
   * Ask Firebase whether the session was revoked on every request. Off: a token is verified once and
   * then trusted until it expires (plugins/verified-tokens.ts), as its signature is.
   */
  checkRevoked: boolean;
}

export interface Authenticator {
  /** The identity of a request's `Authorization: Bearer <ID token>`, or a 401 ApiError saying what is wrong. */
  verify(authorization: string | undefined): Promise<VerifiedIdentity>;
  /**
   * Deletes the Firebase user (an account deleted on the site) and forgets its tokens verified in
   * this process; a user already gone is no error.
   */
  deleteUser(uid: string): Promise<void>;
  close(): Promise<void>;
}

/** Three base64url parts; the emulator's unsigned tokens have an empty third part. */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const MAX_TOKEN_LENGTH = 4096;
/** How far ahead of our clock a token's issue time may be (clock skew between Firebase and us). */
const MAX_CLOCK_SKEW_MS = 5 * 60_000;

export function resolveAuthOptions(
  options: { projectId?: string | undefined; checkRevoked?: boolean | undefined },
  env: Environment = apiEnvironment(),
): AuthOptions {
  if (env.NODE_ENV === 'production' && env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST is set in production: firebase-admin would accept unsigned emulator tokens from anyone. Unset it.',
    );
  }
  return {
    projectId: options.projectId ?? env.FIREBASE_PROJECT_ID ?? env.GCLOUD_PROJECT ?? 'demo-arttoy',
    checkRevoked: options.checkRevoked ?? env.FIREBASE_CHECK_REVOKED === '1',
  };
}

export function createAuthenticator(
  options: AuthOptions,
  env: Environment = apiEnvironment(),
): Authenticator {
  // A named app per API instance: two instances in one process (tests, a site server) never share one.
  const app: App = initializeApp({ projectId: options.projectId }, `arttoy-api-${randomUUID()}`);
  const auth = getAuth(app);
  const verified = options.checkRevoked ? null : verifiedTokens();

  return {
    async verify(authorization) {
      const token = bearerToken(authorization);
      if (options.projectId.startsWith('demo-') && !env.FIREBASE_AUTH_EMULATOR_HOST) {
        throw apiError('auth_not_set_up', { projectId: options.projectId });
      }
      const known = verified?.get(token);
      if (known) return known;
      const decoded = await auth.verifyIdToken(token, options.checkRevoked).catch((error: unknown) => {
        throw toAuthError(error);
      });
      // firebase-admin does not check that a token was issued in the past; Firebase never issues one
      // ahead of the clock (beyond a little skew), so such a token was made by someone else.
      const latest = Date.now() + MAX_CLOCK_SKEW_MS;
      if (decoded.iat * 1000 > latest || decoded.auth_time * 1000 > latest) {
        throw apiError('token_from_future', {});
      }
      const identity = {
        uid: decoded.uid,
        email: decoded.email ?? null,
        displayName: typeof decoded.name === 'string' ? decoded.name : null,
      };
      verified?.keep(token, identity, decoded.exp * 1000);
      return identity;
    },
    async deleteUser(uid) {
      verified?.forgetUid(uid);
      await auth.deleteUser(uid).catch((error: unknown) => {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      });
    },
    close: () => deleteApp(app),
  };
}

function bearerToken(authorization: string | undefined): string {
  if (!authorization) {
    throw apiError('auth_required', {});
  }
  const [scheme, token, ...rest] = authorization.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== 'bearer' || !token || rest.length > 0) {
    throw apiError('auth_scheme_invalid', { scheme: scheme ?? '' });
  }
  if (token.length > MAX_TOKEN_LENGTH || !JWT_SHAPE.test(token)) {
    throw apiError('token_malformed', {});
  }
  return token;
}

/** firebase-admin's errors, as 401s that say how to recover; anything else is our side (503). */
function toAuthError(error: unknown): ApiError {
  const { code = '', message = '' } = error as { code?: string; message?: string };
  if (code === 'auth/id-token-expired') {
    return apiError('token_expired', {});
  }
  if (code === 'auth/id-token-revoked' || code === 'auth/user-disabled') {
    return apiError('token_revoked', {});
  }
  if (code === 'auth/user-not-found') return apiError('token_user_unknown', {});
  if (
    code === 'auth/argument-error' ||
    code === 'auth/invalid-argument' ||
    code === 'auth/invalid-id-token'
  ) {
    return apiError('token_invalid', { problem: String(message.split(' See https://')[0]) });
  }
  return apiError('auth_unavailable', { code: code || 'no code', problem: message });
}
