/** Fixtures for tests of sign-in: a complete Firebase config and a fresh auth store. */
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '../contracts';
import { siteEvents, type SiteEvents } from '../events';
import { authStore } from '../stores/auth-store';

/** All six Firebase settings, each filled in. */
export const COMPLETE_FIREBASE = {
  apiKey: 'k',
  authDomain: 'd',
  projectId: 'p',
  storageBucket: 's',
  messagingSenderId: 'm',
  appId: 'a',
};

/** The default runtime config with a complete Firebase config. */
export const COMPLETE_CONFIG: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG, firebase: COMPLETE_FIREBASE };

/** Puts the auth store back to its first state: no user, no error, sign-in offered, `loading` as given. */
export function resetAuthStore(loading: boolean): void {
  authStore.setState({ ...authStore.getInitialState(), loading });
}

/** The site events a sign-in sends. */
const LOGIN_EVENTS = [
  'loading-start',
  'loading-end',
  'google-login-success',
  'apple-login-success',
  'facebook-login-success',
] as const satisfies ReadonlyArray<keyof SiteEvents>;

type LoginEvent = (typeof LOGIN_EVENTS)[number];

/** Records the sign-in events as `label` names them (by default, their type) until `stop`. */
export function recordLoginEvents(
  label: (type: LoginEvent, payload: SiteEvents[LoginEvent]) => string = (type) => type,
): { seen: string[]; stop: () => void } {
  const seen: string[] = [];
  const offs = LOGIN_EVENTS.map((type) => siteEvents.on(type, (payload) => seen.push(label(type, payload))));
  return { seen, stop: () => offs.forEach((off) => off()) };
}
