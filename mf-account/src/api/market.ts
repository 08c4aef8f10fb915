/** The seller's side of the market: my listings, my balance and payouts, an item's history. Every call sends the Firebase ID token. */
import { endpoints, type PayoutDestination } from '@arttoy/shared/contracts/api';
import { accountCall, accountRead } from './session-token';

/** Every listing of mine, open and closed: price, fee, proceeds and whether a buyer holds it (the locker and the profile show them). */
export const myListingsRead = (uid: string) => accountRead(uid, endpoints.listMyListings);

export const createListing = (lockerItemId: number, priceMinor: number) =>
  accountCall(endpoints.createListing, { body: { lockerItemId, priceMinor } });

/** A new price for my open listing (refused while a buyer's order holds it). */
export const repriceListing = (id: number, priceMinor: number) =>
  accountCall(endpoints.repriceListing, { params: { id }, body: { priceMinor } });

/** Withdraws my open listing: its item goes back to in_locker. */
export const withdrawListing = (id: number) => accountCall(endpoints.withdrawListing, { params: { id } });

/** My balance (the sum of my ledger), its latest entries and my payout requests. */
export const balanceRead = (uid: string) => accountRead(uid, endpoints.getBalance);

export const requestPayout = (amountMinor: number, destination: PayoutDestination) =>
  accountCall(endpoints.requestPayout, { body: { amountMinor, destination } });

/** Where an item of my locker came from: its pull and every sale of it. */
export const itemHistoryRead = (uid: string, lockerItemId: number) =>
  accountRead(uid, endpoints.getItemHistory, { params: { id: lockerItemId } });
