import { useAccountQuery } from '../api/account-read';
import { lockerRead } from '../api/locker';

/**
 * The locker's items and ship requests, read together (statuses of both change with every
 * ship-out). `refresh` reads them again and keeps the current ones on screen meanwhile.
 */
export function useLocker(enabled: boolean) {
  return useAccountQuery(lockerRead, enabled);
}
