import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { documentAt, documentResponse, requestCalls, summaryAt } from '@arttoy/shared/content/testing';
import { HttpError, request } from '@arttoy/shared/http';
import { mountRemote } from '@arttoy/shared/testing';
import * as app from '../app';

jest.mock('@arttoy/shared/http', () => ({
  ...jest.requireActual('@arttoy/shared/http'),
  request: jest.fn(),
}));
const requestMock = jest.mocked(request);

const POST = documentAt('/blog/how-our-draws-are-fair', {
  title: 'How our draws are fair',
  description: 'Seeds, hashes and odds you can check.',
  author: 'Mina Park',
  date: '2025-04-02',
  readingMinutes: 6,
  tags: ['fairness', 'mystery-boxes'],
  cover: '/api/assets/draws.svg',
  html: '<h2 id="seeds">Seeds</h2><p>Read the <a href="/rules/authenticity">authenticity rules</a> or jump to <a href="#seeds">seeds</a>.</p>',
  toc: [{ id: 'seeds', depth: 2, text: 'Seeds' }],
});
const RESPONSE = documentResponse(POST, {
  previous: summaryAt('/blog/shipping-explained', { title: 'Shipping explained' }),
  next: summaryAt('/blog/series-spotlight-moonlit', { title: 'Series spotlight: Moonlit' }),
  related: [summaryAt('/blog/odds-and-secrets', { title: 'Odds and secret figures', tags: ['fairness'] })],
});

beforeEach(() => requestMock.mockReset());

describe('/blog/{id}', () => {
  it('shows the post with its date, author, reading time and sanitised body', async () => {
    requestMock.mockResolvedValue(RESPONSE);
    mountRemote({ name: 'mf_blog', app, path: '/blog/how-our-draws-are-fair' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How our draws are fair' }),
    ).toBeInTheDocument();
    const article = screen.getByRole('article', { name: 'How our draws are fair' });
    expect(article).toHaveTextContent('April 2, 2025');
    expect(article).toHaveTextContent('By Mina Park');
    expect(article).toHaveTextContent('6 min read');
    expect(within(article).getByRole('heading', { level: 2, name: 'Seeds' })).toHaveAttribute('id', 'seeds');
    expect(within(article).getByRole('list', { name: 'Tags' })).toHaveTextContent('fairness');
    expect(article.querySelector('img')).toHaveAttribute('width', '1280');
    expect(requestCalls(requestMock)).toEqual([
      {
        url: '/api/content/document',
        query: { path: '/blog/how-our-draws-are-fair', locale: 'en', preview: undefined },
      },
    ]);
    expect(document.title).toBe('How our draws are fair · ArtToy Club');
    expect(screen.queryByText(/Preview:/)).not.toBeInTheDocument();
  });

  it('links to the previous, next and related posts', async () => {
    requestMock.mockResolvedValue(RESPONSE);
    mountRemote({ name: 'mf_blog', app, path: '/blog/how-our-draws-are-fair' });
    const steps = await screen.findByRole('navigation', { name: 'More posts' });
    expect(within(steps).getByRole('link', { name: /Previous post\s*Shipping explained/ })).toHaveAttribute(
      'href',
      '/blog/shipping-explained',
    );
    expect(
      within(steps).getByRole('link', { name: /Next post\s*Series spotlight: Moonlit/ }),
    ).toHaveAttribute('href', '/blog/series-spotlight-moonlit');
    const related = screen.getByRole('region', { name: 'Related posts' });
    expect(within(related).getByRole('link', { name: 'Odds and secret figures' })).toHaveAttribute(
      'href',
      '/blog/odds-and-secrets',
    );
  });

  it('opens a link in the text to another section of the site through the shell router', async () => {
    requestMock.mockResolvedValue(RESPONSE);
    // The test keeps the blog mounted at every path; in the site the shell would swap in mf_rules.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router } = mountRemote({ name: 'mf_blog', app, path: '/blog/how-our-draws-are-fair' });
    await userEvent.click(await screen.findByRole('link', { name: 'authenticity rules' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rules/authenticity'));
    warn.mockRestore();
  });

  it('loads the next post when its link is followed', async () => {
    requestMock
      .mockResolvedValueOnce(RESPONSE)
      .mockResolvedValueOnce(
        documentResponse(
          documentAt('/blog/series-spotlight-moonlit', { title: 'Series spotlight: Moonlit' }),
        ),
      );
    mountRemote({ name: 'mf_blog', app, path: '/blog/how-our-draws-are-fair' });
    await userEvent.click(await screen.findByRole('link', { name: /Next post/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Series spotlight: Moonlit' }),
    ).toBeInTheDocument();
    expect(requestCalls(requestMock).map((call) => call.query.path)).toEqual([
      '/blog/how-our-draws-are-fair',
      '/blog/series-spotlight-moonlit',
    ]);
  });

  it('hands an unknown post to the shell as a 404', async () => {
    requestMock.mockRejectedValue(
      new HttpError('No document at /blog/no-such-post.', 404, '/api/content/document', 'not_found'),
    );
    mountRemote({ name: 'mf_blog', app, path: '/blog/no-such-post' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'mf_blog failed: Page not found: /blog/no-such-post',
    );
  });

  it('treats an HTML page in place of the post as Not found', async () => {
    requestMock.mockResolvedValue(
      '<!DOCTYPE html>\n<html><head><title>502</title></head><body>Bad gateway</body></html>',
    );
    mountRemote({ name: 'mf_blog', app, path: '/blog/how-our-draws-are-fair' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'mf_blog failed: Page not found: /blog/how-our-draws-are-fair',
    );
  });

  it('shows an error with a retry when the post cannot load', async () => {
    requestMock
      .mockRejectedValueOnce(new HttpError('The server failed.', 500, '/api/content/document'))
      .mockResolvedValue(RESPONSE);
    mountRemote({ name: 'mf_blog', app, path: '/blog/how-our-draws-are-fair' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This post could not load.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How our draws are fair' }),
    ).toBeInTheDocument();
  });

  it('shows a draft in preview mode with the preview banner', async () => {
    requestMock.mockResolvedValue(documentResponse({ ...POST, draft: true }, { next: RESPONSE.next }));
    mountRemote({ name: 'mf_blog', app, path: '/blog/how-our-draws-are-fair?preview=true' });
    expect(await screen.findByText(/drafts are shown/)).toHaveTextContent('Preview: drafts are shown.');
    expect(requestCalls(requestMock)[0]?.query).toMatchObject({ preview: 'true' });
    expect(screen.getByRole('link', { name: /Next post/ })).toHaveAttribute(
      'href',
      '/blog/series-spotlight-moonlit?preview=true',
    );
  });
});
