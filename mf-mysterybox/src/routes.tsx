import type { ComponentType } from 'react';
import { matchRoutes, Route, Routes } from 'react-router';
import { REMOTE_BASENAMES, relativeRoutePath, routesOf, type RouteIdOf } from '@arttoy/shared/contracts';
import { lazyComponent, Skeleton, type LazyComponent } from '@arttoy/shared/ui';

function page(load: () => Promise<ComponentType>): LazyComponent<object> {
  return lazyComponent(load, { fallback: <Skeleton lines={4} label="Loading the page" /> });
}

// One chunk per page: the box list does not carry the fairness page's simulation or the payment flow.
const PAGES: Record<RouteIdOf<'mf_mysterybox'>, LazyComponent<object>> = {
  mysterybox: page(() =>
    import(/* webpackChunkName: "route-mysterybox" */ './pages/box-list-page').then(
      (module) => module.BoxListPage,
    ),
  ),
  'mysterybox-test': page(() =>
    import(/* webpackChunkName: "route-mysterybox-test" */ './pages/fairness-page').then(
      (module) => module.FairnessPage,
    ),
  ),
  'mysterybox-model_id': page(() =>
    import(/* webpackChunkName: "route-mysterybox-model_id" */ './pages/box-page').then(
      (module) => module.BoxPage,
    ),
  ),
  'payment-order_pay': page(() =>
    import(/* webpackChunkName: "route-payment-order_pay" */ './pages/order-pay-page').then(
      (module) => module.OrderPayPage,
    ),
  ),
};

/** Loads the code of the page at a site path (`./app`'s `prefetch`); false when none of ours matches. */
export async function prefetchPage(path: string): Promise<boolean> {
  const id = matchRoutes(routesOf('mf_mysterybox'), path)?.at(-1)?.route.id;
  if (!id) return false;
  await PAGES[id].preload();
  return true;
}

export function AppRoutes() {
  return (
    <Routes>
      {routesOf('mf_mysterybox').map((route) => {
        const path = relativeRoutePath(route.path, REMOTE_BASENAMES.mf_mysterybox);
        const Page = PAGES[route.id];
        return path === '' ? (
          <Route key={route.id} index element={<Page />} />
        ) : (
          <Route key={route.id} path={path} element={<Page />} />
        );
      })}
    </Routes>
  );
}
