import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { REMOTE_BASENAMES, relativeRoutePath, routesOf, type RouteIdOf } from '@arttoy/shared/contracts';
import { LockerPage } from './pages/locker-page';
import { LoginPage } from './pages/login-page';
import { OrdersPage } from './pages/orders-page';
import { ProfilePage } from './pages/profile-page';
import { ReceiptPage } from './pages/receipt-page';

/** The page of each route this remote owns (the route table in shared/contracts says which). */
const PAGES: Record<RouteIdOf<'mf_account'>, () => ReactNode> = {
  login: LoginPage,
  locker: LockerPage,
  orders: OrdersPage,
  'orders-order_sn': ReceiptPage,
  profile: ProfilePage,
};

export function AppRoutes() {
  return (
    <Routes>
      {routesOf('mf_account').map((route) => {
        const path = relativeRoutePath(route.path, REMOTE_BASENAMES.mf_account);
        const Page = PAGES[route.id];
        const element = <Page />;
        return path === '' ? (
          <Route key={route.id} index element={element} />
        ) : (
          <Route key={route.id} path={path} element={element} />
        );
      })}
    </Routes>
  );
}
