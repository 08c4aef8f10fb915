/** The signed-in visitor's profile: who they are to the API, their handle, saved payment methods and addresses. */
import { feedVisibilitySchema, meSchema, savedPaymentMethodListSchema } from '@arttoy/shared/contracts/api';
import { apiJson } from '@arttoy/shared/http';
import { loadAddresses } from './addresses';
import { sessionToken } from './session-token';

export async function loadProfile(signal?: AbortSignal) {
  const token = await sessionToken();
  const [me, methods, addresses] = await Promise.all([
    apiJson('/me', meSchema, { token, signal }),
    apiJson('/me/payment-methods', savedPaymentMethodListSchema, { token, signal }),
    loadAddresses(signal),
  ]);
  return { me, methods: methods.items, addresses };
}
export type ProfileData = Awaited<ReturnType<typeof loadProfile>>;

export const saveHandle = async (handle: string) => apiJson('/me/handle', meSchema, { method: 'PUT', body: { handle }, token: await sessionToken() });

/** Removes a saved method; answers the ones left. */
export const removeSavedMethod = async (id: number) => apiJson(`/me/payment-methods/${id}`, savedPaymentMethodListSchema, { method: 'DELETE', token: await sessionToken() });

/** Whether the live room shows my handle (hidden until chosen). */
export const loadFeedVisibility = async (signal?: AbortSignal) => (await apiJson('/me/feed-visibility', feedVisibilitySchema, { token: await sessionToken(), signal })).visible;

export const saveFeedVisibility = async (visible: boolean) => (await apiJson('/me/feed-visibility', feedVisibilitySchema, { method: 'PUT', body: { visible }, token: await sessionToken() })).visible;
