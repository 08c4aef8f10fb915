import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listResponse, requestCalls, summaryAt } from '@arttoy/shared/content/testing';
import { HttpError, request } from '@arttoy/shared/http';
import { mountRemote } from '@arttoy/shared/testing';
import * as app from '../app';

jest.mock('@arttoy/shared/http', () => ({
  ...jest.requireActual('@arttoy/shared/http'),
  request: jest.fn(),
}));
const requestMock = jest.mocked(request);

const POSTS = [
  summaryAt('/blog/series-spotlight-moonlit', {
    title: 'Series spotlight: Moonlit',
    cover: '/api/assets/moonlit.svg',
    tags: ['series-spotlight'],
    readingMinutes: 5,
  }),
  summaryAt('/blog/caring-for-figures', {
    title: 'Caring for your figures',
    tags: ['care'],
    date: '2025-02-10',
  }),
];
const TAGS = [
  { tag: 'care', count: 3 },
  { tag: 'series-spotlight', count: 2 },
];

beforeEach(() => requestMock.mockReset());

function list(): HTMLElement {
  return document.querySelector<HTMLElement>('[data-owner="mf_blog"][data-route="blog-list"]')!;
}

describe('/blog/list', () => {
  it('shows skeleton cards, then the posts with covers, dates and reading time', async () => {
    // The answer waits until the skeleton has been seen (the outlet shows a remote once it is mounted).
    let answer: () => void = () => {};
    requestMock.mockImplementation(
      () => new Promise((resolve) => (answer = () => resolve(listResponse(POSTS, { tags: TAGS })))),
    );
    mountRemote({ name: 'mf_blog', app, path: '/blog/list' });
    expect(await screen.findByRole('status', { name: 'Loading posts' })).toBeInTheDocument();
    answer();
    const first = await screen.findByRole('link', { name: 'Series spotlight: Moonlit' });
    expect(first).toHaveAttribute('href', '/blog/series-spotlight-moonlit');
    const card = first.closest('article')!;
    const cover = card.querySelector('img')!;
    expect(cover).toHaveAttribute('src', '/api/assets/moonlit.svg');
    expect(cover).toHaveAttribute('loading', 'lazy');
    expect(cover).toHaveAttribute('width', '640');
    expect(cover).toHaveAttribute('height', '360');
    expect(cover).toHaveAttribute('alt', '');
    expect(card).toHaveTextContent('March 1, 2025');
    expect(card).toHaveTextContent('5 min read');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The ArtToy Club blog');
    expect(requestCalls(requestMock)).toEqual([
      {
        url: '/api/content/documents',
        query: { dir: 'blog', tag: undefined, page: 1, pageSize: 6, locale: 'en', preview: undefined },
      },
    ]);
    expect(list()).toHaveAttribute('aria-busy', 'false');
  });

  it('filters by tag through the URL', async () => {
    requestMock.mockResolvedValue(listResponse(POSTS, { tags: TAGS }));
    const { router } = mountRemote({ name: 'mf_blog', app, path: '/blog/list' });
    const filter = await screen.findByRole('navigation', { name: 'Filter by tag' });
    expect(within(filter).getByRole('link', { name: 'All posts' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(filter).getByRole('link', { name: /series spotlight/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?tag=series-spotlight'));
    await waitFor(() =>
      expect(requestCalls(requestMock).at(-1)?.query).toMatchObject({ tag: 'series-spotlight', page: 1 }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Posts about series spotlight' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Filter by tag' })).getByRole('link', {
        name: /series spotlight/,
      }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('pages through the list with the page in the URL', async () => {
    requestMock.mockImplementation(async (_url, options) => {
      const page = Number((options?.query ?? {}).page ?? 1);
      return listResponse(page === 1 ? POSTS : [summaryAt('/blog/older-post', { title: 'An older post' })], {
        page,
        total: 7,
        totalPages: 2,
        tags: TAGS,
      });
    });
    const { router } = mountRemote({ name: 'mf_blog', app, path: '/blog/list?tag=care' });
    const pages = await screen.findByRole('navigation', { name: 'Pages of posts' });
    await userEvent.click(within(pages).getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tag=care&page=2'));
    expect(await screen.findByRole('link', { name: 'An older post' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Pages of posts' })).getByRole('link', {
        name: 'Page 2',
      }),
    ).toHaveAttribute('aria-current', 'page');
    expect(requestCalls(requestMock).at(-1)?.query).toMatchObject({ tag: 'care', page: 2 });
  });

  it('says so when there are no posts yet', async () => {
    requestMock.mockResolvedValue(listResponse([]));
    mountRemote({ name: 'mf_blog', app, path: '/blog/list' });
    expect(await screen.findByText('No posts yet. Come back soon.')).toBeInTheDocument();
  });

  it('says a tag has no posts, with a way back to all of them', async () => {
    requestMock.mockResolvedValue(listResponse([], { tags: TAGS }));
    mountRemote({ name: 'mf_blog', app, path: '/blog/list?tag=unboxing' });
    expect(await screen.findByText('No posts about unboxing yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all posts' })).toHaveAttribute('href', '/blog/list');
  });

  it('refuses a page number that cannot exist without asking the API', async () => {
    mountRemote({ name: 'mf_blog', app, path: '/blog/list?page=abc' });
    expect(await screen.findByText('That page of the blog does not exist.')).toBeInTheDocument();
    expect(requestMock).not.toHaveBeenCalled();
  });

  it('shows an error with a retry when the posts cannot load', async () => {
    requestMock
      .mockRejectedValueOnce(new HttpError('Could not reach the server', 0, '/api/content/documents'))
      .mockResolvedValue(listResponse(POSTS));
    mountRemote({ name: 'mf_blog', app, path: '/blog/list' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The posts could not load. Check your connection and try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Caring for your figures' })).toBeInTheDocument();
  });

  it('asks for drafts in preview mode, keeps preview in its links and says drafts are shown', async () => {
    requestMock.mockResolvedValue(
      listResponse([summaryAt('/blog/coming-soon', { title: 'Coming soon', draft: true }), ...POSTS], {
        tags: TAGS,
      }),
    );
    mountRemote({ name: 'mf_blog', app, path: '/blog/list?preview=true' });
    expect(await screen.findByText(/drafts are shown/)).toHaveTextContent('Preview: drafts are shown.');
    expect(screen.getByRole('link', { name: 'Coming soon' })).toHaveAttribute(
      'href',
      '/blog/coming-soon?preview=true',
    );
    expect(requestCalls(requestMock)[0]?.query).toMatchObject({ preview: 'true' });
  });

  it('shows no preview banner when no draft is listed', async () => {
    requestMock.mockResolvedValue(listResponse(POSTS));
    mountRemote({ name: 'mf_blog', app, path: '/blog/list?preview=true' });
    await screen.findByRole('link', { name: 'Caring for your figures' });
    expect(screen.queryByText(/Preview:/)).not.toBeInTheDocument();
  });

  it('sends /blog to the list, replacing the history entry', async () => {
    requestMock.mockResolvedValue(listResponse(POSTS));
    const { router } = mountRemote({ name: 'mf_blog', app, path: '/blog' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog/list'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('link', { name: 'Caring for your figures' })).toBeInTheDocument();
  });
});
