/**
 * The visitor's consent to what the page reports about their visit: `analytics` (page views and web
 * vitals sent to the site's analytics tag) and `field` (page views and errors per app version,
 * POST /api/field). Where the site requires consent (CONSENT_REQUIRED=on, the runtime config's
 * `consentRequired`), each runs only once the visitor accepted; the choice is remembered in
 * localStorage and can be changed at any time (the footer's "Privacy choices", the privacy page).
 * Where it is not required, both run, as before. One store per page (a shared singleton).
 */
import { createStore } from 'zustand';
import { registerSingleton } from '../stores/singleton-guard';

registerSingleton('@arttoy/shared/consent');

export const CONSENT_KINDS = ['analytics', 'field'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** Where the choice is kept: `{"analytics":true,"field":false,"decidedAt":"…"}`. */
export const CONSENT_STORAGE_KEY = 'arttoy:consent';

export type ConsentChoice = Record<ConsentKind, boolean> & { decidedAt: string };

export interface ConsentState {
  /** Whether the site asks for consent at all (the runtime config). */
  required: boolean;
  /** The visitor's choice, or null until they made one. */
  choice: ConsentChoice | null;
  /** Whether the banner was opened again to change the choice (the footer's link). */
  reviewing: boolean;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

const storageOf = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // A browser that blocks storage: the choice lasts for the page.
    return null;
  }
};

function readChoice(storage: Storage | null): ConsentChoice | null {
  try {
    const parsed = JSON.parse(
      storage?.getItem(CONSENT_STORAGE_KEY) ?? 'null',
    ) as Partial<ConsentChoice> | null;
    if (!parsed || typeof parsed.analytics !== 'boolean' || typeof parsed.field !== 'boolean') return null;
    return { analytics: parsed.analytics, field: parsed.field, decidedAt: String(parsed.decidedAt ?? '') };
  } catch {
    return null;
  }
}

export const consentStore = createStore<ConsentState>(() => ({
  required: false,
  choice: null,
  reviewing: false,
}));

/** Called once by the shell with the runtime config's setting; reads the remembered choice. */
export function configureConsent(required: boolean, storage: Storage | null = storageOf()): void {
  consentStore.setState({ required, choice: readChoice(storage), reviewing: false });
}

/** Whether this kind of report may run now. */
export function hasConsent(kind: ConsentKind): boolean {
  const { required, choice } = consentStore.getState();
  return !required || choice?.[kind] === true;
}

/** Whether the banner should show: consent required, and no choice made (or the visitor asked to change it). */
export function needsConsentChoice(state: ConsentState = consentStore.getState()): boolean {
  return state.required && (state.choice === null || state.reviewing);
}

/** Records the visitor's choice (accept all, refuse all, or per kind) and remembers it. */
export function decideConsent(
  choice: Record<ConsentKind, boolean>,
  storage: Storage | null = storageOf(),
): void {
  const decided: ConsentChoice = { ...choice, decidedAt: new Date().toISOString() };
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(decided));
  } catch {
    // Storage full or blocked: the choice holds for this page.
  }
  consentStore.setState({ choice: decided, reviewing: false });
}

/** Opens the banner again to change the choice. */
export function reviewConsent(): void {
  consentStore.setState({ reviewing: true });
}

/**
 * Runs `start` once consent for `kind` is given: now if it is, else when the visitor accepts (a
 * refusal runs nothing). Returns a function that stops waiting.
 */
export function whenConsented(kind: ConsentKind, start: () => void): () => void {
  if (hasConsent(kind)) {
    start();
    return () => undefined;
  }
  const stop = consentStore.subscribe(() => {
    if (!hasConsent(kind)) return;
    stop();
    start();
  });
  return stop;
}
