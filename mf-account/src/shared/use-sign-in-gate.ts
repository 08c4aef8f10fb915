import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { selectIsLoggedIn, useAuthStore } from '@arttoy/shared/stores';
import { RETURN_PARAM } from '../pages/return-path';

/** /login, coming back to `path` after. */
export const loginPathFor = (path: string) => `/login?${RETURN_PARAM}=${encodeURIComponent(path)}`;

/**
 * A page that needs an account. Opened signed out: straight to /login, and back to `path` after.
 * Signed out while on it (log out): it stays, and says so, rather than pull the page away.
 */
export function useSignInGate(path: string) {
  const signedIn = useAuthStore(selectIsLoggedIn);
  const authLoading = useAuthStore((state) => state.loading);
  const navigate = useNavigate();
  const loginPath = loginPathFor(path);
  const arrived = useRef(false);
  useEffect(() => {
    if (authLoading) return;
    if (!arrived.current && !signedIn) void navigate(loginPath, { replace: true });
    arrived.current = true;
  }, [authLoading, signedIn, navigate, loginPath]);
  return { signedIn, authLoading, loginPath };
}
