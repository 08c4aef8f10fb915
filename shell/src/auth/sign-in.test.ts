import { waitFor } from '@testing-library/react';
import { startAuth } from '@arttoy/shared/auth';
import { DEFAULT_RUNTIME_CONFIG } from '@arttoy/shared/contracts';
import { authStore, USER_ID_STORAGE_KEY } from '@arttoy/shared/stores';
import { COMPLETE_CONFIG as COMPLETE, resetAuthStore } from '@arttoy/shared/testing/auth';
import { afterFirstPaint, signedInBefore, signInSchedule, startSignIn } from './sign-in';

jest.mock('@arttoy/shared/auth', () => ({
  ...jest.requireActual('@arttoy/shared/auth'),
  startAuth: jest.fn(),
}));
const startAuthMock = jest.mocked(startAuth);

let consoleError: jest.SpyInstance;
beforeEach(() => {
  startAuthMock.mockClear();
  resetAuthStore(true);
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

describe('signInSchedule', () => {
  it('starts sign-in for a visitor who signed in before as soon as the first render has committed', async () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, 'u-1');
    expect(signedInBefore()).toBe(true);
    const frame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const task = jest.fn();
    signInSchedule(Promise.resolve())(task);
    await waitFor(() => expect(task).toHaveBeenCalledTimes(1));
    expect(frame).not.toHaveBeenCalled();
    frame.mockRestore();
  });

  it('waits for the first paint for anybody else (and after a sign-out, which empties user_id)', async () => {
    localStorage.setItem(USER_ID_STORAGE_KEY, '');
    expect(signedInBefore()).toBe(false);
    const frame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const task = jest.fn();
    signInSchedule(Promise.resolve())(task);
    await waitFor(() => expect(frame).toHaveBeenCalledTimes(1));
    expect(task).not.toHaveBeenCalled();
    frame.mockRestore();
  });
});

describe('startSignIn', () => {
  it('reports missing settings at once and never loads auth', () => {
    const schedule = jest.fn();
    startSignIn(DEFAULT_RUNTIME_CONFIG, schedule);
    expect(consoleError).toHaveBeenCalledWith(
      'Firebase config is missing: apiKey, authDomain, projectId, storageBucket, messagingSenderId, appId',
    );
    expect(authStore.getState()).toMatchObject({ disabled: true, loading: false });
    expect(schedule).not.toHaveBeenCalled();
  });

  it('starts Firebase auth only when the schedule runs, with the page config', async () => {
    let run: (() => void) | undefined;
    startSignIn(COMPLETE, (task) => (run = task));
    expect(startAuthMock).not.toHaveBeenCalled();
    expect(authStore.getState()).toMatchObject({ disabled: false, loading: true });
    run?.();
    await waitFor(() => expect(startAuthMock).toHaveBeenCalledWith(COMPLETE));
  });
});

describe('afterFirstPaint', () => {
  it('runs the task after the next frame, once the browser is idle', () => {
    jest.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    const raf = jest
      .spyOn(window, 'requestAnimationFrame')
      .mockImplementation((callback) => frames.push(callback));
    const task = jest.fn();
    try {
      afterFirstPaint(task);
      jest.runAllTimers();
      expect(task).not.toHaveBeenCalled();
      frames.forEach((frame) => frame(0));
      jest.runAllTimers();
      expect(task).toHaveBeenCalledTimes(1);
    } finally {
      raf.mockRestore();
      jest.useRealTimers();
    }
  });
});
