import { idToken } from '@arttoy/shared/auth';
import { HttpError } from '@arttoy/shared/http';

/** The Firebase ID token every call of this remote sends; a 401 the page can explain when the session has ended. */
export async function sessionToken(): Promise<string> {
  const value = await idToken();
  if (!value)
    throw new HttpError('Your session has ended. Log in again to continue.', 401, '', 'unauthenticated');
  return value;
}
