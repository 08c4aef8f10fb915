/** The signed-in visitor's address book (GET, POST, DELETE /api/me/addresses). */
import { savedAddressListSchema, savedAddressSchema, type ShipOutAddress } from '@arttoy/shared/contracts/api';
import { apiJson } from '@arttoy/shared/http';
import { sessionToken } from './session-token';

export const loadAddresses = async (signal?: AbortSignal) => (await apiJson('/me/addresses', savedAddressListSchema, { token: await sessionToken(), signal })).items;

/** Saves an address; an address the book holds already answers as the saved one. */
export const saveAddress = async (address: ShipOutAddress) => apiJson('/me/addresses', savedAddressSchema, { method: 'POST', body: { address }, token: await sessionToken() });

/** Removes a saved address; answers the ones left. */
export const removeAddress = async (id: number) => apiJson(`/me/addresses/${id}`, savedAddressListSchema, { method: 'DELETE', token: await sessionToken() });
