/** The seller's side of the market: my listings, my balance and payouts, an item's history. Every call sends the Firebase ID token. */
import {
  balanceSchema,
  itemHistorySchema,
  myListingListSchema,
  myListingSchema,
  payoutSchema,
} from '@arttoy/shared/contracts/api';
import { apiJson } from '@arttoy/shared/http';
import { userRead } from '@arttoy/shared/query';
import { sessionToken } from './session-token';

/** Every listing of mine, open and closed: price, fee, proceeds and whether a buyer holds it (the locker and the profile show them). */
export const myListingsRead = (uid: string) =>
  userRead(uid, '/me/listings', async (signal) =>
    apiJson('/me/listings', myListingListSchema, { token: await sessionToken(), signal }),
  );

export const createListing = async (lockerItemId: number, priceMinor: number) =>
  apiJson('/listings', myListingSchema, {
    method: 'POST',
    body: { lockerItemId, priceMinor },
    token: await sessionToken(),
  });

/** A new price for my open listing (refused while a buyer's order holds it). */
export const repriceListing = async (id: number, priceMinor: number) =>
  apiJson(`/listings/${id}`, myListingSchema, {
    method: 'PATCH',
    body: { priceMinor },
    token: await sessionToken(),
  });

/** Withdraws my open listing: its item goes back to in_locker. */
export const withdrawListing = async (id: number) =>
  apiJson(`/listings/${id}`, myListingSchema, { method: 'DELETE', token: await sessionToken() });

/** My balance (the sum of my ledger), its latest entries and my payout requests. */
export const balanceRead = (uid: string) =>
  userRead(uid, '/me/balance', async (signal) =>
    apiJson('/me/balance', balanceSchema, { token: await sessionToken(), signal }),
  );

export const requestPayout = async (amountMinor: number) =>
  apiJson('/me/payouts', payoutSchema, {
    method: 'POST',
    body: { amountMinor },
    token: await sessionToken(),
  });

/** Where an item of my locker came from: its pull and every sale of it. */
export const itemHistoryRead = (uid: string, lockerItemId: number) => {
  const path = `/locker/${lockerItemId}/history`;
  return userRead(uid, path, async (signal) =>
    apiJson(path, itemHistorySchema, { token: await sessionToken(), signal }),
  );
};
