import { loadLocker } from '../api/locker';
import { useRead, type ReadState } from '../api/use-read';

export type LockerState = ReadState<Awaited<ReturnType<typeof loadLocker>>>;

/**
 * The locker's items and ship requests, read together (statuses of both change with every
 * ship-out). `refresh` reads them again and keeps the current ones on screen meanwhile.
 */
export function useLocker(enabled: boolean) {
  return useRead(enabled, 'locker', loadLocker);
}
