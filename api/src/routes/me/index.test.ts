import type { Me } from '@arttoy/shared/contracts/api';
import { count, eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import {
  decodeClaims,
  disableUser,
  idTokenClaims,
  selfSignedToken,
  signInTestUser,
  TEST_PROJECT_ID,
  type TestUser,
  unsignedToken,
} from '../../test/auth-emulator';
import { buildTestApi, SETUP_TIMEOUT, startApiBeside, type TestApi } from '../../test/helper';

describe('GET /api/me (Firebase ID tokens)', () => {
  let api: TestApi;
  let alice: TestUser;
  beforeAll(async () => {
    api = await buildTestApi();
    alice = await signInTestUser('alice');
  }, SETUP_TIMEOUT);
  // `api` is unset if its setup failed; the database must still go.
  afterAll(() => api?.close());

  const me = (authorization?: string, url = '/api/me') =>
    api.app.inject({ method: 'GET', url, headers: authorization === undefined ? {} : { authorization } });

  it('returns the signed-in user of an emulator-issued token, and creates the row once', async () => {
    const first = await me(`Bearer ${alice.idToken}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const body = first.json<Me>();
    expect(body).toEqual({
      id: expect.any(Number),
      uid: alice.uid,
      email: alice.email,
      displayName: 'alice',
      handle: null,
      createdAt: expect.any(String),
    });
    expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
    expect((await me(`Bearer ${alice.idToken}`)).json<Me>().id).toBe(body.id);
    const [row] = await api.db.select({ n: count() }).from(users).where(eq(users.firebaseUid, alice.uid));
    expect(row?.n).toBe(1);
  });

  it('never takes the user from the request: query and headers naming another uid are ignored', async () => {
    const response = await api.app.inject({
      method: 'GET',
      url: '/api/me?uid=someone-else&userId=1',
      headers: { authorization: `Bearer ${alice.idToken}`, 'x-user-id': 'someone-else' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Me>().uid).toBe(alice.uid);
  });

  it('refuses a missing Authorization header with 401 saying what to send', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: {
        code: 'unauthenticated',
        message: "Sign-in required: send the user's Firebase ID token as 'Authorization: Bearer <token>'.",
      },
    });
  });

  it.each([
    ['another scheme', 'Basic dXNlcjpwYXNz', /must be 'Bearer <Firebase ID token>'/],
    ['a bare Bearer', 'Bearer', /must be 'Bearer <Firebase ID token>'/],
    ['a token that is not a JWT', 'Bearer not-a-token', /malformed/],
    ['a JWT of garbage', 'Bearer aaa.bbb.ccc', /not valid/],
  ])('refuses %s with 401', async (_what, header, message) => {
    const response = await me(header);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
    expect(response.json().error.message).toMatch(message);
  });

  it('refuses an expired token with 401 token_expired', async () => {
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = unsignedToken(idTokenClaims(alice.uid, { iat: past, auth_time: past, exp: past + 3600 }));
    const response = await me(`Bearer ${expired}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({
      code: 'token_expired',
      message: expect.stringMatching(/expired.*getIdToken\(true\)/),
    });
  });

  it('refuses a token for another Firebase project', async () => {
    const claims = idTokenClaims(alice.uid, {
      aud: 'demo-other',
      iss: 'https://securetoken.google.com/demo-other',
    });
    const response = await me(`Bearer ${unsignedToken(claims)}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toMatch(new RegExp(`aud.*${TEST_PROJECT_ID}`));
  });

  it('refuses a forged token signed with someone else’s key', async () => {
    const forged = selfSignedToken(decodeClaims(alice.idToken));
    const response = await me(`Bearer ${forged}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });

  it('refuses a real token whose subject was rewritten to a user that does not exist', async () => {
    const [header, , signature] = alice.idToken.split('.');
    const tampered = { ...decodeClaims(alice.idToken), sub: 'mallory', user_id: 'mallory' };
    const response = await me(
      `Bearer ${header}.${Buffer.from(JSON.stringify(tampered)).toString('base64url')}.${signature}`,
    );
    expect(response.statusCode).toBe(401);
    expect(response.json<Me>().uid).toBeUndefined();
  });

  it('refuses the token of a disabled account at once when revocation is checked per request', async () => {
    const checking = await startApiBeside(api, { firebaseCheckRevoked: true });
    try {
      const bob = await signInTestUser('bob');
      const meOf = () =>
        checking.inject({
          method: 'GET',
          url: '/api/me',
          headers: { authorization: `Bearer ${bob.idToken}` },
        });
      expect((await meOf()).statusCode).toBe(200);
      await disableUser(bob.uid);
      const response = await meOf();
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toMatch(/revoked or the account is disabled/);
    } finally {
      await checking.close();
    }
  });

  it('trusts a token it verified until the token expires when revocation is not checked per request', async () => {
    const carol = await signInTestUser('carol');
    expect((await me(`Bearer ${carol.idToken}`)).statusCode).toBe(200);
    await disableUser(carol.uid);
    // Verified once: not asked again (as Firebase's signature is not) until it expires.
    expect((await me(`Bearer ${carol.idToken}`)).statusCode).toBe(200);
    // A token not seen before is verified, and the emulator says the account is disabled.
    const stranger = await startApiBeside(api);
    try {
      expect(
        (
          await stranger.inject({
            method: 'GET',
            url: '/api/me',
            headers: { authorization: `Bearer ${carol.idToken}` },
          })
        ).statusCode,
      ).toBe(401);
    } finally {
      await stranger.close();
    }
  });
});
