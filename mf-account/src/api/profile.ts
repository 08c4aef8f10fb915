/** The signed-in visitor's profile: who they are to the API, their handle, saved payment methods and live room setting. */
import { feedVisibilitySchema, meSchema, savedPaymentMethodListSchema } from '@arttoy/shared/contracts/api';
import { apiJson } from '@arttoy/shared/http';
import { invalidatePageReads } from '@arttoy/shared/query';
import { userRead } from '@arttoy/shared/query';
import { sessionToken } from './session-token';

export const meRead = (uid: string) =>
  userRead(uid, '/me', async (signal) => apiJson('/me', meSchema, { token: await sessionToken(), signal }));

const METHODS_PATH = '/me/payment-methods';

/** The saved payment methods (the pay page reads them under the same key). */
export const savedMethodsRead = (uid: string) =>
  userRead(uid, METHODS_PATH, async (signal) =>
    apiJson(METHODS_PATH, savedPaymentMethodListSchema, { token: await sessionToken(), signal }),
  );

export const saveHandle = async (handle: string) =>
  apiJson('/me/handle', meSchema, { method: 'PUT', body: { handle }, token: await sessionToken() });

/** Removes a saved method; answers the ones left. */
export async function removeSavedMethod(id: number) {
  const left = await apiJson(`${METHODS_PATH}/${id}`, savedPaymentMethodListSchema, {
    method: 'DELETE',
    token: await sessionToken(),
  });
  invalidatePageReads(METHODS_PATH);
  return left;
}

/** Whether the live room shows my handle (hidden until chosen). */
export const feedVisibilityRead = (uid: string) =>
  userRead(uid, '/me/feed-visibility', async (signal) =>
    apiJson('/me/feed-visibility', feedVisibilitySchema, { token: await sessionToken(), signal }),
  );

export const saveFeedVisibility = async (visible: boolean) =>
  apiJson('/me/feed-visibility', feedVisibilitySchema, {
    method: 'PUT',
    body: { visible },
    token: await sessionToken(),
  });
