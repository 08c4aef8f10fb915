import { Route, Routes } from 'react-router';
import { REMOTE_BASENAMES, relativeRoutePath, routesOf, type RouteIdOf } from '@arttoy/shared/contracts';
import { PlaceholderPage } from './pages/placeholder-page';

/** Page titles of the routes this remote owns (the route table in shared/contracts says which). */
const TITLES: Record<RouteIdOf<'mf_mysterybox'>, string> = {
  mysterybox: 'Mystery boxes',
  'mysterybox-test': 'Fairness check',
  'mysterybox-model_id': 'Mystery box',
  'payment-order_pay': 'Payment',
};

export function AppRoutes() {
  return (
    <Routes>
      {routesOf('mf_mysterybox').map((route) => {
        const path = relativeRoutePath(route.path, REMOTE_BASENAMES.mf_mysterybox);
        const element = <PlaceholderPage title={TITLES[route.id]} routeId={route.id} />;
        return path === '' ? <Route key={route.id} index element={element} /> : <Route key={route.id} path={path} element={element} />;
      })}
    </Routes>
  );
}
