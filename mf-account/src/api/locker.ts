/** The signed-in visitor's locker and ship-outs. Every call sends the Firebase ID token. */
import {
  lockerListSchema,
  shipRequestListSchema,
  shipRequestSchema,
  type ShipOutAddress,
} from '@arttoy/shared/contracts/api';
import { apiJson } from '@arttoy/shared/http';
import { userRead } from '@arttoy/shared/query';
import { sessionToken as token } from './session-token';

async function loadLocker(signal?: AbortSignal) {
  const auth = await token();
  const [locker, requests] = await Promise.all([
    apiJson('/locker', lockerListSchema, { token: auth, signal }),
    apiJson('/locker/ship-requests', shipRequestListSchema, { token: auth, signal }),
  ]);
  return { items: locker.items, requests: requests.items };
}
export type LockerData = Awaited<ReturnType<typeof loadLocker>>;

/** The items and ship requests, read together (statuses of both change with every ship-out). */
export const lockerRead = (uid: string) => userRead(uid, '/locker,/locker/ship-requests', loadLocker);

export const requestShipOut = async (itemIds: number[], address: ShipOutAddress) =>
  apiJson('/locker/ship-requests', shipRequestSchema, {
    method: 'POST',
    body: { itemIds, address },
    token: await token(),
  });

export const cancelShipOut = async (id: number) =>
  apiJson(`/locker/ship-requests/${id}`, shipRequestSchema, { method: 'DELETE', token: await token() });
