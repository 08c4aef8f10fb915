import { USER_ID_STORAGE_KEY, USER_READS_STORAGE_KEY } from '@arttoy/shared/stores';

/**
 * The signed-in visitor's last answers of the reads marked `persist` (the locker, the orders), kept
 * in localStorage so a return visit paints them at once while they are read again. One visitor's
 * answers at a time: those of anyone else go as soon as sign-in reports another user or nobody,
 * and sign-out removes them (`clearSession`).
 */
export interface PersistedAnswer {
  data: unknown;
  /** When it was read (ms since the epoch): it counts as that old, so it is read again at once. */
  at: number;
}

interface Stored {
  uid: string;
  answers: Record<string, PersistedAnswer>;
}

/** How many answers are kept (the locker and a few pages of orders); the oldest go first. */
export const PERSISTED_ANSWERS_MAX = 8;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // A browser that denies storage to the page.
    return null;
  }
}

function readStored(): Stored | null {
  const raw = storage()?.getItem(USER_READS_STORAGE_KEY);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<Stored> | null;
    return typeof stored?.uid === 'string' && stored.answers && typeof stored.answers === 'object'
      ? (stored as Stored)
      : null;
  } catch {
    return null;
  }
}

/**
 * The visitor whose answers this browser keeps, while the page does not yet know who is signed in;
 * only when they are still the stored `user_id` (a sign-out on any page empties it).
 */
export function rememberedUser(): string | null {
  const stored = readStored();
  if (!stored) return null;
  return storage()?.getItem(USER_ID_STORAGE_KEY) === stored.uid ? stored.uid : null;
}

/** `uid`'s last answer of the read `key`, if kept. */
export function persistedAnswer(uid: string, key: string): PersistedAnswer | undefined {
  const stored = readStored();
  return stored?.uid === uid ? stored.answers[key] : undefined;
}

/** Keeps `uid`'s answer of the read `key`, dropping any other visitor's answers. */
export function persistAnswer(uid: string, key: string, answer: PersistedAnswer): void {
  const stored = readStored();
  const answers = { ...(stored?.uid === uid ? stored.answers : {}), [key]: answer };
  const kept = Object.entries(answers)
    .toSorted(([, a], [, b]) => b.at - a.at)
    .slice(0, PERSISTED_ANSWERS_MAX);
  try {
    storage()?.setItem(USER_READS_STORAGE_KEY, JSON.stringify({ uid, answers: Object.fromEntries(kept) }));
  } catch {
    // Storage full or denied: the next visit reads as a first one does.
  }
}

/** Drops the kept answers unless they are `uid`'s (null: whoever they belong to). */
export function forgetPersistedAnswers(uid: string | null): void {
  if (uid !== null && readStored()?.uid === uid) return;
  storage()?.removeItem(USER_READS_STORAGE_KEY);
}
