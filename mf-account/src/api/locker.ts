/** The signed-in visitor's locker and ship-outs. Every call sends the Firebase ID token. */
import { endpoints, type ShipOutAddress } from '@arttoy/shared/contracts/api';
import { apiPath, apiRequest } from '@arttoy/shared/http';
import { userRead } from '@arttoy/shared/query';
import { accountCall, sessionToken } from './session-token';

async function loadLocker(signal?: AbortSignal) {
  const token = await sessionToken();
  const [locker, requests] = await Promise.all([
    apiRequest(endpoints.listLocker, { token, signal }),
    apiRequest(endpoints.listShipRequests, { token, signal }),
  ]);
  return { items: locker.items, requests: requests.items };
}
export type LockerData = Awaited<ReturnType<typeof loadLocker>>;

/** The items and ship requests, read together (statuses of both change with every ship-out); kept for the next visit. */
export const lockerRead = (uid: string) => ({
  ...userRead(uid, `${apiPath(endpoints.listLocker)},${apiPath(endpoints.listShipRequests)}`, loadLocker),
  persist: true,
});

export const requestShipOut = (itemIds: number[], address: ShipOutAddress) =>
  accountCall(endpoints.createShipRequest, { body: { itemIds, address } });

export const cancelShipOut = (id: number) => accountCall(endpoints.cancelShipRequest, { params: { id } });
