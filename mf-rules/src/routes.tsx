import { Route, Routes } from 'react-router';
import { REMOTE_BASENAMES, relativeRoutePath, routesOf, type RouteIdOf } from '@arttoy/shared/contracts';
import { PlaceholderPage } from './pages/placeholder-page';

/** Page titles of the routes this remote owns (the route table in shared/contracts says which). */
const TITLES: Record<RouteIdOf<'mf_rules'>, string> = {
  'rules-authenticity': 'Authenticity',
  'rules-privacy_policy': 'Privacy policy',
  'rules-terms_of_service': 'Terms of service',
  'rules-shipping_and_refund': 'Shipping and refund',
  'rules-customer_service_center': 'Customer service center',
  help: 'Help Center',
};

export function AppRoutes() {
  return (
    <Routes>
      {routesOf('mf_rules').map((route) => {
        const path = relativeRoutePath(route.path, REMOTE_BASENAMES.mf_rules);
        const element = <PlaceholderPage title={TITLES[route.id]} routeId={route.id} />;
        return path === '' ? <Route key={route.id} index element={element} /> : <Route key={route.id} path={path} element={element} />;
      })}
    </Routes>
  );
}
