import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CONSENT_STORAGE_KEY, configureConsent, hasConsent } from '@arttoy/shared/consent';
import { startAnalytics } from '../analytics';
import { startFieldData } from '../field/start-field';
import { ConsentBanner } from './consent-banner';

function renderBanner(): void {
  const router = createMemoryRouter([{ path: '*', element: <ConsentBanner /> }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
}

const idleRouter = {
  state: { location: { pathname: '/', search: '' }, matches: [] },
  subscribe: jest.fn(() => () => undefined),
};

describe('the consent banner and the reports it gates', () => {
  beforeEach(() => localStorage.clear());

  it('shows nothing where consent is not required', () => {
    configureConsent(false);
    renderBanner();
    expect(screen.queryByRole('region', { name: 'Privacy choices' })).toBeNull();
  });

  it('offers Accept and Refuse alike; refusing keeps analytics and field data off, remembered', () => {
    configureConsent(true);
    renderBanner();
    const accept = screen.getByRole('button', { name: 'Accept' });
    const refuse = screen.getByRole('button', { name: 'Refuse' });
    expect(accept.className).toBe(refuse.className);
    // Without a choice, neither report starts.
    const gtag = jest.fn();
    expect(startAnalytics({ gtag }, idleRouter)).toBe(false);
    expect(gtag).not.toHaveBeenCalled();
    const scope = {
      navigator: { sendBeacon: jest.fn() },
      addEventListener: jest.fn(),
      document: { visibilityState: 'visible', addEventListener: jest.fn() },
    };
    expect(
      startFieldData({
        scope: scope as never,
        router: idleRouter,
        manifest: () => new Promise(() => undefined),
        sampleRate: 1,
      }),
    ).toBe(false);
    expect(scope.addEventListener).not.toHaveBeenCalled();

    act(() => refuse.click());
    expect(screen.queryByRole('region', { name: 'Privacy choices' })).toBeNull();
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? '{}')).toMatchObject({
      analytics: false,
      field: false,
    });
    expect(hasConsent('analytics')).toBe(false);
  });

  it('accepting starts them', () => {
    configureConsent(true);
    renderBanner();
    act(() => screen.getByRole('button', { name: 'Accept' }).click());
    const gtag = jest.fn();
    expect(startAnalytics({ gtag }, idleRouter)).toBe(true);
    expect(gtag).toHaveBeenCalledWith('event', 'page_view', { page_path: '/' });
  });
});
