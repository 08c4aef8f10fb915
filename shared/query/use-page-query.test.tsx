import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { PageDataProvider } from '@arttoy/shared/federation/page-data';
import { HttpError } from '@arttoy/shared/http';
import { authStore } from '@arttoy/shared/stores';
import { clearPageReads, NOT_FOUND, prefetchPageRead, usePageQuery, type PageRead } from './index';

function countedRead(
  key: string,
  answer: (call: number) => Promise<string>,
  extra: Partial<PageRead<string>> = {},
): PageRead<string> & { calls: () => number } {
  let calls = 0;
  return {
    key,
    load: () => {
      calls += 1;
      return answer(calls);
    },
    calls: () => calls,
    ...extra,
  };
}

beforeEach(() => {
  clearPageReads();
  authStore.setState({ user: null });
});
afterAll(clearPageReads);

describe('usePageQuery', () => {
  it('reads once for every component on the page that asks for the same answer', async () => {
    const read = countedRead('/figures?page=1', async () => 'figures');
    function Reader({ name }: { name: string }) {
      const state = usePageQuery(read);
      return <p>{`${name}: ${state.status} ${state.data ?? ''}`}</p>;
    }
    render(
      <>
        <Reader name="gallery" />
        <Reader name="search" />
      </>,
    );
    await screen.findByText('gallery: success figures');
    expect(screen.getByText('search: success figures')).toBeTruthy();
    expect(read.calls()).toBe(1);
  });

  it("starts from the page's server answer and does not ask for it again", () => {
    const read = countedRead('/series/cloud-bakery', async () => 'read', { given: () => 'served' });
    const statuses: string[] = [];
    renderHook(() => {
      const state = usePageQuery(read);
      statuses.push(`${state.status}:${state.data ?? ''}`);
    });
    expect(statuses[0]).toBe('success:served');
    expect(read.calls()).toBe(0);
  });

  it('shows a 404 the server answered as its first state, and reads again on retry', async () => {
    const read = countedRead('/figures/gone', async () => 'back', { given: () => NOT_FOUND });
    const { result } = renderHook(() => usePageQuery(read));
    expect(result.current.status).toBe('error');
    expect(result.current.error).toBeInstanceOf(HttpError);
    expect((result.current.error as HttpError).status).toBe(404);
    expect(read.calls()).toBe(0);
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.data).toBe('back'));
    expect(read.calls()).toBe(1);
  });

  it('shows a failure until retry, then pending, then the new answer', async () => {
    const read = countedRead('/styles', async (call) => {
      if (call === 1) throw new HttpError('/api/styles answered 503.', 503, '/api/styles');
      return 'styles';
    });
    const { result } = renderHook(() => usePageQuery(read));
    await waitFor(() => expect(result.current.status).toBe('error'));
    act(() => result.current.retry());
    expect(result.current.status).toBe('pending');
    await waitFor(() => expect(result.current.data).toBe('styles'));
    expect(read.calls()).toBe(2);
  });

  it("takes the page's server answer over an older cached one, without reading again", async () => {
    const read = countedRead('/series?page=1', async () => 'read before', { given: () => 'served now' });
    await prefetchPageRead(read);
    const { result } = renderHook(() => usePageQuery(read));
    await waitFor(() => expect(result.current.data).toBe('served now'));
    expect(read.calls()).toBe(1);
  });

  it('uses an answer read ahead in its first render', async () => {
    const read = countedRead('/figures/croissant-cub', async () => 'cub');
    await expect(prefetchPageRead(read)).resolves.toBe(true);
    const statuses: string[] = [];
    renderHook(() => statuses.push(usePageQuery(read).status));
    expect(statuses[0]).toBe('success');
    expect(read.calls()).toBe(1);
  });

  it('reads a live answer again on every visit, showing the last one meanwhile', async () => {
    const read = countedRead('/market/figures/cub', async (call) => `asks ${call}`, { freshness: 'live' });
    const first = renderHook(() => usePageQuery(read));
    await waitFor(() => expect(first.result.current.data).toBe('asks 1'));
    first.unmount();
    const statuses: string[] = [];
    const second = renderHook(() => {
      const state = usePageQuery(read);
      statuses.push(`${state.status}:${state.data}`);
      return state;
    });
    expect(statuses[0]).toBe('success:asks 1');
    await waitFor(() => expect(second.result.current.data).toBe('asks 2'));
  });

  it("never shows the page-wide cache's answers in a server render, even where a document exists", async () => {
    const read = countedRead('/styles?pageSize=100', async () => 'from the browser cache');
    await prefetchPageRead(read);
    function Styles() {
      const state = usePageQuery(read);
      return <p>{state.status === 'success' ? state.data : state.status}</p>;
    }
    const html = renderToString(
      <PageDataProvider data={{}}>
        <Styles />
      </PageDataProvider>,
    );
    expect(html).toContain('pending');
  });

  it('reads nothing while the read is null', () => {
    const { result } = renderHook(() => usePageQuery<string>(null));
    expect(result.current.status).toBe('pending');
    expect(result.current.fetching).toBe(false);
  });

  it("forgets a user's answers when another user signs in", async () => {
    authStore.setState({ user: { uid: 'ada' } as never });
    const read = countedRead('/locker', async (call) => `locker ${call}`, { user: 'ada', freshness: 'live' });
    const { result, unmount } = renderHook(() => usePageQuery(read));
    await waitFor(() => expect(result.current.data).toBe('locker 1'));
    unmount();
    act(() => authStore.setState({ user: { uid: 'bob' } as never }));
    const statuses: string[] = [];
    renderHook(() => statuses.push(usePageQuery(read).status));
    // Ada's locker is gone from the cache: even a page asking for it by her key reads again.
    expect(statuses[0]).toBe('pending');
  });

  it("replace puts a POST's answer in place, and refresh reads again keeping the answer shown", async () => {
    const read = countedRead('/me/balance', async (call) => `balance ${call}`, { freshness: 'live' });
    const shown: Array<string | undefined> = [];
    const { result } = renderHook(() => {
      const state = usePageQuery(read);
      shown.push(state.data);
      return state;
    });
    await waitFor(() => expect(result.current.data).toBe('balance 1'));
    act(() => result.current.replace('after payout'));
    await waitFor(() => expect(result.current.data).toBe('after payout'));
    const before = shown.length;
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.data).toBe('balance 2'));
    expect(shown.slice(before)).not.toContain(undefined);
    expect(read.calls()).toBe(2);
  });
});
