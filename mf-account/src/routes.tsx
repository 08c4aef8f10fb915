import { createRemote } from '@arttoy/shared/federation/remote';
import { LockerPage } from './pages/locker-page';
import { LoginPage } from './pages/login-page';
import { OrdersPage } from './pages/orders-page';
import { ProfilePage } from './pages/profile-page';
import { ReceiptPage } from './pages/receipt-page';

/** The account's pages, by route (the rows of mf_account in shared/contracts/routes.ts). */
export const account = createRemote({
  name: 'mf_account',
  pages: {
    login: LoginPage,
    locker: LockerPage,
    orders: OrdersPage,
    'orders-order_sn': ReceiptPage,
    profile: ProfilePage,
  },
});
