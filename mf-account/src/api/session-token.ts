import { idToken } from '@arttoy/shared/auth';
import type { ApiEndpoint } from '@arttoy/shared/contracts/api';
import { apiRequest, HttpError, withCallOptions, type EndpointArgs } from '@arttoy/shared/http';
import { userEndpointRead } from '@arttoy/shared/query';

/** The Firebase ID token every call of this remote sends; a 401 the page can explain when the session has ended. */
export async function sessionToken(): Promise<string> {
  const value = await idToken();
  if (!value)
    throw new HttpError('Your session has ended. Log in again to continue.', 401, '', 'unauthenticated');
  return value;
}

/** A read of the signed-in visitor's own (`uid`), sending their token. */
export const accountRead = <E extends ApiEndpoint & { method: 'GET' }>(
  uid: string,
  endpoint: E,
  ...args: EndpointArgs<E>
) => userEndpointRead(uid, sessionToken, endpoint, ...args);

/** A call of the signed-in visitor, sending their token. */
export const accountCall = async <E extends ApiEndpoint>(endpoint: E, ...args: EndpointArgs<E>) =>
  apiRequest(endpoint, ...withCallOptions(args, { token: await sessionToken() }));
