import { Route, Routes } from 'react-router';
import { REMOTE_BASENAMES, relativeRoutePath, routesOf, type RouteIdOf } from '@arttoy/shared/contracts';
import { LockerPage } from './pages/locker-page';
import { PlaceholderPage } from './pages/placeholder-page';

/** Page titles of the routes this remote owns (the route table in shared/contracts says which). */
const TITLES: Record<RouteIdOf<'mf_account'>, string> = {
  login: 'Log in',
  locker: 'Your locker',
};

export function AppRoutes() {
  return (
    <Routes>
      {routesOf('mf_account').map((route) => {
        const path = relativeRoutePath(route.path, REMOTE_BASENAMES.mf_account);
        const element = route.id === 'locker' ? <LockerPage /> : <PlaceholderPage title={TITLES[route.id]} routeId={route.id} />;
        return path === '' ? <Route key={route.id} index element={element} /> : <Route key={route.id} path={path} element={element} />;
      })}
    </Routes>
  );
}
