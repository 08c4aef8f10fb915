import type { LockerItem, MyListing } from '@arttoy/shared/contracts/api';
import { useAccountQuery } from '../api/account-read';
import { myListingsRead } from '../api/market';

/**
 * The open listings of the locker's listed items, by listing id: a locker item names its listing
 * but not its price, so the page reads them only when an item is listed.
 */
export function useLockerListings(enabled: boolean, items: readonly LockerItem[] | null) {
  const listed = items?.some((item) => item.status === 'listed') ?? false;
  const state = useAccountQuery(myListingsRead, enabled && listed);
  const byId = new Map<number, MyListing>(state.data?.items.map((listing) => [listing.id, listing]));
  return {
    byId,
    error: listed && state.status === 'error' ? state.error : null,
    refresh: state.refresh,
    retry: state.retry,
  };
}
