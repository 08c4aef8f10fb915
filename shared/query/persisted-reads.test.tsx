import { act, renderHook, waitFor } from '@testing-library/react';
import { authStore, clearSession, USER_ID_STORAGE_KEY, USER_READS_STORAGE_KEY } from '@arttoy/shared/stores';
import { clearPageReads, usePageQuery, userRead, type PageRead } from './index';
import {
  forgetPersistedAnswers,
  PERSISTED_ANSWERS_MAX,
  persistAnswer,
  persistedAnswer,
  rememberedUser,
} from './persisted-reads';

const ADA = { uid: 'u-ada', displayName: 'Ada', email: 'ada@example.com' };
const BOB = { uid: 'u-bob', displayName: 'Bob', email: 'bob@example.com' };

/** A persisted read of `uid`'s locker answering `answer`, counting its loads. */
function lockerOf(uid: string, answer: () => Promise<string>) {
  let calls = 0;
  const read: PageRead<string> = {
    ...userRead(uid, '/locker', () => {
      calls += 1;
      return answer();
    }),
    persist: true,
  };
  return { read, calls: () => calls };
}

/** Signed in as `user` (Firebase has reported), with `user_id` stored as the login flow leaves it. */
function signedInAs(user: typeof ADA | null, loading = false) {
  if (user) localStorage.setItem(USER_ID_STORAGE_KEY, user.uid);
  authStore.setState({ user, loading });
}

beforeEach(() => {
  authStore.setState({ user: null, loading: true });
  localStorage.clear();
  clearPageReads();
});
afterAll(clearPageReads);

describe('persisted reads', () => {
  it("are kept per user: one visitor's answers never show for another, and the next visitor's replace them", () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, ADA.uid);
    persistAnswer(ADA.uid, '/locker', { data: 'ada figures', at: 1 });
    expect(persistedAnswer(ADA.uid, '/locker')).toEqual({ data: 'ada figures', at: 1 });
    expect(persistedAnswer(BOB.uid, '/locker')).toBeUndefined();
    expect(rememberedUser()).toBe(ADA.uid);

    persistAnswer(BOB.uid, '/orders', { data: 'bob orders', at: 2 });
    expect(persistedAnswer(ADA.uid, '/locker')).toBeUndefined();
    expect(persistedAnswer(BOB.uid, '/orders')).toEqual({ data: 'bob orders', at: 2 });
    // Bob is not the user_id this browser signed in last.
    expect(rememberedUser()).toBeNull();
  });

  it('keep the newest answers only', () => {
    for (let page = 1; page <= PERSISTED_ANSWERS_MAX + 2; page++)
      persistAnswer(ADA.uid, `/orders?page=${page}`, { data: page, at: page });
    expect(persistedAnswer(ADA.uid, '/orders?page=1')).toBeUndefined();
    expect(persistedAnswer(ADA.uid, '/orders?page=2')).toBeUndefined();
    expect(persistedAnswer(ADA.uid, `/orders?page=${PERSISTED_ANSWERS_MAX + 2}`)?.data).toBe(
      PERSISTED_ANSWERS_MAX + 2,
    );
  });

  it('go on sign-out', () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, ADA.uid);
    persistAnswer(ADA.uid, '/locker', { data: 'ada figures', at: 1 });
    clearSession();
    expect(localStorage.getItem(USER_READS_STORAGE_KEY)).toBeNull();
    expect(rememberedUser()).toBeNull();
  });

  it('are forgotten unless they are the given visitor’s', () => {
    persistAnswer(ADA.uid, '/locker', { data: 'ada figures', at: 1 });
    forgetPersistedAnswers(ADA.uid);
    expect(persistedAnswer(ADA.uid, '/locker')).toBeDefined();
    forgetPersistedAnswers(BOB.uid);
    expect(persistedAnswer(ADA.uid, '/locker')).toBeUndefined();
  });

  it('survive storage that is full or holds something else', () => {
    localStorage.setItem(USER_READS_STORAGE_KEY, '{not json');
    expect(persistedAnswer(ADA.uid, '/locker')).toBeUndefined();
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => persistAnswer(ADA.uid, '/locker', { data: 'x', at: 1 })).not.toThrow();
    setItem.mockRestore();
  });
});

describe('usePageQuery with a persisted read', () => {
  it("keeps the signed-in visitor's answer, and paints it first on the next visit while reading it again", async () => {
    signedInAs(ADA);
    const first = lockerOf(ADA.uid, async () => 'two figures');
    const visit = renderHook(() => usePageQuery(first.read));
    await waitFor(() => expect(visit.result.current.data).toBe('two figures'));
    expect(persistedAnswer(ADA.uid, '/locker')?.data).toBe('two figures');
    visit.unmount();

    // The next visit: a new page, sign-in not known yet.
    clearPageReads();
    authStore.setState({ user: null, loading: true });
    let answer: (value: string) => void = () => undefined;
    const next = lockerOf(ADA.uid, () => new Promise((resolve) => (answer = resolve)));
    const statuses: string[] = [];
    const { result, rerender } = renderHook(({ enabled }) => usePageQuery(next.read, { enabled }), {
      initialProps: { enabled: false },
    });
    statuses.push(`${result.current.status}:${result.current.data}`);
    expect(statuses[0]).toBe('success:two figures');
    // Not read before sign-in confirms the visitor (no ID token yet).
    expect(next.calls()).toBe(0);

    act(() => signedInAs(ADA));
    rerender({ enabled: true });
    await waitFor(() => expect(next.calls()).toBe(1));
    expect(result.current.data).toBe('two figures');
    expect(result.current.fetching).toBe(true);
    act(() => answer('three figures'));
    await waitFor(() => expect(result.current.data).toBe('three figures'));
    expect(persistedAnswer(ADA.uid, '/locker')?.data).toBe('three figures');
  });

  it('drops the kept answers when sign-in reports another visitor or nobody', async () => {
    signedInAs(ADA);
    const ada = lockerOf(ADA.uid, async () => 'ada figures');
    const visit = renderHook(() => usePageQuery(ada.read));
    await waitFor(() => expect(persistedAnswer(ADA.uid, '/locker')).toBeDefined());
    visit.unmount();

    act(() => authStore.setState({ user: null, loading: true }));
    expect(persistedAnswer(ADA.uid, '/locker')).toBeDefined();
    act(() => signedInAs(BOB));
    expect(localStorage.getItem(USER_READS_STORAGE_KEY)).toBeNull();

    persistAnswer(BOB.uid, '/locker', { data: 'bob figures', at: 1 });
    act(() => authStore.setState({ user: null, loading: false }));
    expect(localStorage.getItem(USER_READS_STORAGE_KEY)).toBeNull();
  });

  it('keeps nothing of a read not marked persist, nor of a visitor sign-in has not confirmed', async () => {
    signedInAs(ADA);
    const plain = renderHook(() => usePageQuery(userRead(ADA.uid, '/me', async () => 'me')));
    await waitFor(() => expect(plain.result.current.data).toBe('me'));
    expect(localStorage.getItem(USER_READS_STORAGE_KEY)).toBeNull();

    const bobs = lockerOf(BOB.uid, async () => 'bob figures');
    const other = renderHook(() => usePageQuery(bobs.read));
    await waitFor(() => expect(other.result.current.data).toBe('bob figures'));
    expect(persistedAnswer(BOB.uid, '/locker')).toBeUndefined();
  });
});
