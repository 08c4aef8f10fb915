import { screen, within } from '@testing-library/react';
import { resetRuntimeConfig } from '@arttoy/shared/config';
import { documentAt, documentResponse, requestCalls } from '@arttoy/shared/content/testing';
import { HttpError, request } from '@arttoy/shared/http';
import { mountRemote } from '@arttoy/shared/testing';
import * as app from '../app';

jest.mock('@arttoy/shared/http', () => ({
  ...jest.requireActual('@arttoy/shared/http'),
  request: jest.fn(),
}));
const requestMock = jest.mocked(request);

beforeEach(() => {
  requestMock.mockReset();
  resetRuntimeConfig();
});

describe('/help, the Help Center', () => {
  it('shows its document and cards to the customer service center and every rules page', async () => {
    requestMock.mockResolvedValue(
      documentResponse(documentAt('/help', { title: 'Help Center', html: '<p>How can we help?</p>' })),
    );
    mountRemote({ name: 'mf_rules', app, path: '/help' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Help Center' })).toBeInTheDocument();
    expect(screen.getByText('How can we help?')).toBeInTheDocument();
    const cards = screen.getByRole('region', { name: 'Find an answer' });
    expect(
      within(cards)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Customer service center', '/rules/customer_service_center'],
      ['Shipping & refund', '/rules/shipping_and_refund'],
      ['Authenticity', '/rules/authenticity'],
      ['Terms of service', '/rules/terms_of_service'],
      ['Privacy policy', '/rules/privacy_policy'],
    ]);
    // The defaults, since this page has no runtime config element.
    expect(within(cards).getByText('+1 (415) 555-0142 · support@arttoy.club')).toBeInTheDocument();
    expect(requestCalls(requestMock)).toEqual([
      { url: '/api/content/document', query: { path: '/help', locale: 'en', preview: undefined } },
    ]);
    expect(document.querySelector('[data-owner="mf_rules"][data-route="help"]')).not.toBeNull();
  });

  it('keeps the cards when its document cannot load', async () => {
    requestMock.mockRejectedValue(new HttpError('The server failed.', 503, '/api/content/document'));
    mountRemote({ name: 'mf_rules', app, path: '/help' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The Help Center could not load.');
    expect(screen.getByRole('link', { name: 'Customer service center' })).toBeInTheDocument();
  });
});
