import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { documentAt, documentResponse, requestCalls } from '@arttoy/shared/content/testing';
import { HttpError, request } from '@arttoy/shared/http';
import { ContentPage } from './content-page';
import { RouteErrorPage } from './error-page';
import { clearPageReads } from '@arttoy/shared/query';

jest.mock('@arttoy/shared/http', () => ({
  ...jest.requireActual('@arttoy/shared/http'),
  request: jest.fn(),
}));
const requestMock = jest.mocked(request);

const ABOUT = documentAt('/about', {
  title: 'About ArtToy Club',
  description: 'A club for people who love designer toys.',
  updated: '2025-06-01',
  html: '<p>We started in 2019. Read <a href="/rules/authenticity">how we check figures</a>.</p>',
});

beforeEach(() => {
  requestMock.mockReset();
  clearPageReads();
});

function renderAt(path: string): ReturnType<typeof createMemoryRouter> {
  const router = createMemoryRouter(
    [{ path: '*', element: <ContentPage />, errorElement: <RouteErrorPage /> }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** React and React Router log errors thrown during render by design; the tests that cause one expect it. */
function expectConsoleErrors(): void {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
}
afterEach(() => jest.restoreAllMocks());

describe('the catch-all content page', () => {
  it('renders the document whose path is the URL', async () => {
    requestMock.mockResolvedValue(documentResponse(ABOUT));
    renderAt('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About ArtToy Club' })).toBeInTheDocument();
    expect(screen.getByText('A club for people who love designer toys.')).toBeInTheDocument();
    expect(screen.getByText('June 1, 2025')).toHaveAttribute('datetime', '2025-06-01');
    expect(requestCalls(requestMock)).toEqual([
      { url: '/api/content/document', query: { path: '/about', locale: 'en', preview: undefined } },
    ]);
    expect(document.title).toBe('About ArtToy Club · ArtToy Club');
  });

  it('treats a trailing slash as the same page', async () => {
    requestMock.mockResolvedValue(documentResponse(ABOUT));
    renderAt('/about/');
    await screen.findByRole('heading', { level: 1, name: 'About ArtToy Club' });
    expect(requestCalls(requestMock)[0]?.query.path).toBe('/about');
  });

  it('follows links in the text with the router', async () => {
    requestMock.mockResolvedValue(documentResponse(ABOUT));
    const router = renderAt('/about');
    await userEvent.click(await screen.findByRole('link', { name: 'how we check figures' }));
    expect(router.state.location.pathname).toBe('/rules/authenticity');
  });

  it('shows the 404 page "Page not found: {fullPath}" when no document has the path', async () => {
    expectConsoleErrors();
    requestMock.mockRejectedValue(new HttpError('No document.', 404, '/api/content/document', 'not_found'));
    renderAt('/no/such/page?x=1');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Page not found: /no/such/page?x=1')).toBeInTheDocument();
  });

  it('treats an HTML page in place of the document as Not found', async () => {
    expectConsoleErrors();
    requestMock.mockResolvedValue('<!doctype html><html><body>Service unavailable</body></html>');
    renderAt('/about');
    expect(await screen.findByText('Page not found: /about')).toBeInTheDocument();
  });

  it('answers a path that cannot name a document with the 404 page, without asking the API', async () => {
    expectConsoleErrors();
    renderAt('/About%20Us');
    expect(await screen.findByText('Page not found: /About%20Us')).toBeInTheDocument();
    expect(requestMock).not.toHaveBeenCalled();
  });

  it('shows an error with a retry when the document cannot load', async () => {
    requestMock
      .mockRejectedValueOnce(new HttpError('Could not reach the server', 0, '/api/content/document'))
      .mockResolvedValue(documentResponse(ABOUT));
    renderAt('/about');
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not load.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About ArtToy Club' })).toBeInTheDocument();
  });

  it('asks for drafts with ?preview=true and says when it shows one', async () => {
    requestMock.mockResolvedValue(documentResponse({ ...ABOUT, draft: true }));
    renderAt('/about?preview=true');
    expect(await screen.findByText(/drafts are shown/)).toBeInTheDocument();
    expect(requestCalls(requestMock)[0]?.query).toMatchObject({ preview: 'true' });
  });
});
