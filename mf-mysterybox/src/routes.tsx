import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { REMOTE_BASENAMES, relativeRoutePath, routesOf, type RouteIdOf } from '@arttoy/shared/contracts';
import { Skeleton } from '@arttoy/shared/ui';

// One chunk per page: the box list does not carry the fairness page's simulation or the payment flow.
const PAGES: Record<RouteIdOf<'mf_mysterybox'>, ComponentType> = {
  mysterybox: lazy(() => import(/* webpackChunkName: "route-mysterybox" */ './pages/box-list-page').then((module) => ({ default: module.BoxListPage }))),
  'mysterybox-test': lazy(() => import(/* webpackChunkName: "route-mysterybox-test" */ './pages/fairness-page').then((module) => ({ default: module.FairnessPage }))),
  'mysterybox-model_id': lazy(() => import(/* webpackChunkName: "route-mysterybox-model_id" */ './pages/box-page').then((module) => ({ default: module.BoxPage }))),
  'payment-order_pay': lazy(() => import(/* webpackChunkName: "route-payment-order_pay" */ './pages/order-pay-page').then((module) => ({ default: module.OrderPayPage }))),
};

export function AppRoutes() {
  return (
    <Suspense fallback={<Skeleton lines={4} label="Loading the page" />}>
      <Routes>
        {routesOf('mf_mysterybox').map((route) => {
          const path = relativeRoutePath(route.path, REMOTE_BASENAMES.mf_mysterybox);
          const Page = PAGES[route.id];
          return path === '' ? <Route key={route.id} index element={<Page />} /> : <Route key={route.id} path={path} element={<Page />} />;
        })}
      </Routes>
    </Suspense>
  );
}
