/** The signed-in visitor's profile: who they are to the API, their handle, saved payment methods and live room setting. */
import { type BreakLength, endpoints, type SetLimitsBody } from '@arttoy/shared/contracts/api';
import { apiPath } from '@arttoy/shared/http';
import { invalidatePageReads } from '@arttoy/shared/query';
import { accountCall, accountRead } from './session-token';

export const meRead = (uid: string) => accountRead(uid, endpoints.getMe);

/** The saved payment methods (the pay page reads them under the same key). */
export const savedMethodsRead = (uid: string) => accountRead(uid, endpoints.listPaymentMethods);

export const saveHandle = (handle: string) => accountCall(endpoints.putHandle, { body: { handle } });

/** Removes a saved method; answers the ones left. */
export async function removeSavedMethod(id: number) {
  const left = await accountCall(endpoints.deletePaymentMethod, { params: { id } });
  invalidatePageReads(apiPath(endpoints.listPaymentMethods));
  return left;
}

/** Whether the live room shows my handle (hidden until chosen). */
export const feedVisibilityRead = (uid: string) => accountRead(uid, endpoints.getFeedVisibility);

export const saveFeedVisibility = (visible: boolean) =>
  accountCall(endpoints.putFeedVisibility, { body: { visible } });

/** My rules for mystery boxes: age, limits with what each period counts, break, session reminder. */
export const chanceControlsRead = (uid: string) => accountRead(uid, endpoints.getChanceControls);

export const saveLimits = (body: SetLimitsBody) => accountCall(endpoints.putLimits, { body });

export const confirmAge = (dateOfBirth: string) =>
  accountCall(endpoints.confirmAge, { body: { dateOfBirth } });

export const takeBreak = (length: BreakLength) => accountCall(endpoints.takeBreak, { body: { length } });
