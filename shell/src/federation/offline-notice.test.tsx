import { act, render, screen } from '@testing-library/react';
import { OfflineNotice } from './offline-notice';

function setOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => setOnline(true));

describe('OfflineNotice', () => {
  it('says politely that the connection is gone, and goes away when it is back', () => {
    render(<OfflineNotice />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => setOnline(false));
    const notice = screen.getByRole('status');
    expect(notice).toHaveAttribute('aria-live', 'polite');
    expect(notice).toHaveTextContent('You are offline. Pages you have opened still work');
    act(() => setOnline(true));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
