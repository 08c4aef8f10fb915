import type { LockerStatus, ShipRequestStatus } from '@arttoy/shared/contracts/api';

export const ITEM_STATUS: Record<LockerStatus, string> = {
  in_locker: 'In your locker',
  listed: 'Listed for sale',
  ship_requested: 'Ship requested',
  shipped: 'Shipped',
};

export const REQUEST_STATUS: Record<ShipRequestStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  requested: 'Requested',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};
