/** The signed-in visitor's address book (GET, POST, DELETE /api/me/addresses). */
import { endpoints, type ShipOutAddress } from '@arttoy/shared/contracts/api';
import { apiPath } from '@arttoy/shared/http';
import { invalidatePageReads } from '@arttoy/shared/query';
import { accountCall, accountRead } from './session-token';

const BOOK_PATH = apiPath(endpoints.listAddresses);

/** The book, newest first (the profile lists it, the ship-out form offers it). */
export const addressBookRead = (uid: string) => accountRead(uid, endpoints.listAddresses);

/** Saves an address; an address the book holds already answers as the saved one. */
export async function saveAddress(address: ShipOutAddress) {
  const saved = await accountCall(endpoints.saveAddress, { body: { address } });
  invalidatePageReads(BOOK_PATH);
  return saved;
}

/** Removes a saved address; answers the ones left. */
export async function removeAddress(id: number) {
  const left = await accountCall(endpoints.deleteAddress, { params: { id } });
  invalidatePageReads(BOOK_PATH);
  return left;
}
