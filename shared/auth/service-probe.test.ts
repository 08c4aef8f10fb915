import { authStore } from '../stores';
import { PROBE_INTERVAL_MS, SIGN_IN_SERVICE_DOWN, watchSignInService } from './service-probe';

const URL = 'http://127.0.0.1:9099';

beforeEach(() => {
  jest.useFakeTimers();
  authStore.getState().setDisabled(null);
});
afterEach(() => {
  jest.useRealTimers();
  authStore.getState().setDisabled(null);
});

describe('watchSignInService', () => {
  it('leaves sign-in alone while the service answers', async () => {
    const answers = jest.fn(() => Promise.resolve(true));
    const stop = watchSignInService(URL, answers);
    await jest.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3);
    expect(authStore.getState().disabled).toBe(false);
    expect(answers).toHaveBeenCalledTimes(1);
    stop();
  });

  it('disables sign-in with a plain reason while the service is down, logs once, and enables it when it is back', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const answers = jest
      .fn()
      .mockResolvedValueOnce(false)
      .mockResolvedValueOnce(false)
      .mockResolvedValue(true);
    const stop = watchSignInService(URL, answers);
    await jest.advanceTimersByTimeAsync(0);
    expect(authStore.getState()).toMatchObject({ disabled: true, disabledReason: SIGN_IN_SERVICE_DOWN });
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]?.[0]).toContain(`emulator at ${URL} does not answer`);

    await jest.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(authStore.getState().disabled).toBe(true);
    await jest.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(authStore.getState()).toMatchObject({ disabled: false, disabledReason: null });
    expect(error).toHaveBeenCalledTimes(1);
    stop();
    error.mockRestore();
  });

  it('never clears a reason it did not set', async () => {
    authStore.getState().setDisabled('Sign-in is not available right now. You can keep browsing.');
    const stop = watchSignInService(URL, () => Promise.resolve(true));
    await jest.advanceTimersByTimeAsync(0);
    expect(authStore.getState().disabledReason).toBe(
      'Sign-in is not available right now. You can keep browsing.',
    );
    stop();
  });
});
