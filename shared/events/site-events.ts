import { SIGN_IN_PROVIDERS, type SignInProvider } from '../stores';
import { createEventBus } from './event-bus';

/** What a successful sign-in reports. */
export interface LoginSuccess {
  uid: string;
}

/**
 * Every event the apps of the page exchange, with its payload. A new event is added here first,
 * so emitters and listeners in any app agree on its shape.
 */
export interface SiteEvents {
  /** A sign-in began (a provider button was pressed). */
  'loading-start': { provider: SignInProvider };
  /** The sign-in ended, whether it succeeded or failed. */
  'loading-end': { provider: SignInProvider; succeeded: boolean };
  'google-login-success': LoginSuccess;
  'apple-login-success': LoginSuccess;
  'facebook-login-success': LoginSuccess;
}

/** The success event of each provider (spec §4). */
export const LOGIN_SUCCESS_EVENTS = {
  google: 'google-login-success',
  apple: 'apple-login-success',
  facebook: 'facebook-login-success',
} as const satisfies Record<SignInProvider, keyof SiteEvents>;

/** The page's one event bus, shared by the shell and every remote (a Module Federation singleton). */
export const siteEvents = createEventBus<SiteEvents>('site-events');

/** Calls `handler` after a sign-in with any provider succeeds; returns the function that unsubscribes. */
export function onLoginSuccess(
  handler: (provider: SignInProvider, success: LoginSuccess) => void,
): () => void {
  const unsubscribers = SIGN_IN_PROVIDERS.map((provider) =>
    siteEvents.on(LOGIN_SUCCESS_EVENTS[provider], (success) => handler(provider, success)),
  );
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
