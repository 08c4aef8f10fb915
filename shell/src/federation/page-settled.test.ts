import { QUIET_MS, resetPageSettled, whenPageSettled } from './page-settled';

type ObserverCallback = () => void;
const observers: ObserverCallback[] = [];

class FakePerformanceObserver {
  constructor(private readonly callback: ObserverCallback) {}
  observe(): void {
    observers.push(this.callback);
  }
  disconnect(): void {
    observers.splice(observers.indexOf(this.callback), 1);
  }
}

/** A resource finishing loading, as the browser reports it. */
function resourceFinished(): void {
  for (const callback of observers) callback();
}

describe('whenPageSettled', () => {
  let settled: boolean;
  beforeEach(() => {
    jest.useFakeTimers();
    resetPageSettled();
    observers.length = 0;
    settled = false;
    Object.defineProperty(globalThis, 'PerformanceObserver', {
      value: FakePerformanceObserver,
      configurable: true,
      writable: true,
    });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  async function track(): Promise<void> {
    void whenPageSettled().then(() => {
      settled = true;
    });
    await jest.advanceTimersByTimeAsync(0);
  }

  it('waits until no resource has finished for the quiet time', async () => {
    await track();
    await jest.advanceTimersByTimeAsync(QUIET_MS - 100);
    resourceFinished();
    await jest.advanceTimersByTimeAsync(QUIET_MS - 100);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(100);
    expect(settled).toBe(true);
    expect(observers).toHaveLength(0);
  });

  it('waits for the load event first', async () => {
    const readyState = jest.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    await track();
    await jest.advanceTimersByTimeAsync(QUIET_MS * 3);
    expect(settled).toBe(false);
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    await jest.advanceTimersByTimeAsync(QUIET_MS);
    expect(settled).toBe(true);
    readyState.mockRestore();
  });

  it('settles once per page: later callers find it resolved', async () => {
    await track();
    await jest.advanceTimersByTimeAsync(QUIET_MS);
    expect(settled).toBe(true);
    let again = false;
    void whenPageSettled().then(() => {
      again = true;
    });
    await jest.advanceTimersByTimeAsync(0);
    expect(again).toBe(true);
  });
});
