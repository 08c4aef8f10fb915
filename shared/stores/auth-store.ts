import { createStore, useStore } from 'zustand';

/** The signed-in user as the identity provider reports it. */
export interface AuthUser {
  uid: string;
  displayName: string | null;
  email: string | null;
}

export interface AuthState {
  user: AuthUser | null;
  /** True until the identity provider first reports the sign-in state. */
  loading: boolean;
  /** The last sign-in error, in words a visitor can read. */
  error: string | null;
  /** Sign-in cannot be offered (for example, its configuration is missing); the buttons are disabled. */
  disabled: boolean;
  /** Why sign-in is disabled, in words a visitor can read. */
  disabledReason: string | null;
  /** The provider whose sign-in is running, if any. */
  pendingProvider: SignInProvider | null;
  setUser: (user: AuthUser | null) => void;
  setLoading: (loading: boolean) => void;
  setError: (error: string | null) => void;
  setDisabled: (reason: string | null) => void;
  setPendingProvider: (provider: SignInProvider | null) => void;
}

/** The identity providers the site offers, in the order the drawer shows them. */
export const SIGN_IN_PROVIDERS = ['apple', 'google', 'facebook'] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

/** The page's one auth store; shared by the shell and every remote through Module Federation. */
export const authStore = createStore<AuthState>()((set) => ({
  user: null,
  loading: true,
  error: null,
  disabled: false,
  disabledReason: null,
  pendingProvider: null,
  setUser: (user) => set({ user, loading: false }),
  setLoading: (loading) => set({ loading }),
  setError: (error) => set({ error }),
  setDisabled: (reason) => set({ disabled: reason !== null, disabledReason: reason }),
  setPendingProvider: (pendingProvider) => set({ pendingProvider }),
}));

export function useAuthStore<T>(selector: (state: AuthState) => T): T {
  return useStore(authStore, selector);
}

/** Logged in exactly when a user id exists (spec §4). */
export const selectIsLoggedIn = (state: AuthState): boolean => Boolean(state.user?.uid);
