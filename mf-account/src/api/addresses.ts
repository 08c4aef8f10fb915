/** The signed-in visitor's address book (GET, POST, DELETE /api/me/addresses). */
import {
  savedAddressListSchema,
  savedAddressSchema,
  type ShipOutAddress,
} from '@arttoy/shared/contracts/api';
import { apiJson } from '@arttoy/shared/http';
import { invalidatePageReads } from '@arttoy/shared/query';
import { userRead } from '@arttoy/shared/query';
import { sessionToken } from './session-token';

const BOOK_PATH = '/me/addresses';

/** The book, newest first (the profile lists it, the ship-out form offers it). */
export const addressBookRead = (uid: string) =>
  userRead(uid, BOOK_PATH, async (signal) =>
    apiJson(BOOK_PATH, savedAddressListSchema, { token: await sessionToken(), signal }),
  );

/** Saves an address; an address the book holds already answers as the saved one. */
export async function saveAddress(address: ShipOutAddress) {
  const saved = await apiJson(BOOK_PATH, savedAddressSchema, {
    method: 'POST',
    body: { address },
    token: await sessionToken(),
  });
  invalidatePageReads(BOOK_PATH);
  return saved;
}

/** Removes a saved address; answers the ones left. */
export async function removeAddress(id: number) {
  const left = await apiJson(`${BOOK_PATH}/${id}`, savedAddressListSchema, {
    method: 'DELETE',
    token: await sessionToken(),
  });
  invalidatePageReads(BOOK_PATH);
  return left;
}
