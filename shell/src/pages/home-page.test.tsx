import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PageDataProvider } from '@arttoy/shared/federation/page-data';
import { HttpError, request } from '@arttoy/shared/http';
import { HOME_READS } from './home-data';
import { HomePage } from './home-page';

jest.mock('@arttoy/shared/http', () => ({
  ...jest.requireActual('@arttoy/shared/http'),
  request: jest.fn(),
}));
const requestMock = jest.mocked(request);

const nameRef = (slug: string, name: string) => ({ slug, name });
const SERIES = {
  items: [
    {
      id: 1,
      slug: 'cloud-bakery',
      name: 'Cloud Bakery',
      description: 'Pastry friends.',
      releasedOn: '2025-03-01',
      style: nameRef('kawaii-pop', 'Kawaii Pop'),
      figureCount: 9,
      coverArtUrl: '/api/figures/a/art.svg?v=1',
    },
  ],
  page: 1,
  pageSize: 3,
  total: 1,
};
const BOXES = {
  items: [
    {
      id: 7,
      slug: 'cloud-bakery-box',
      name: 'Cloud Bakery Blind Box',
      description: '',
      artUrl: '/api/box-models/7/art.svg?v=1',
      price: { amountMinor: 1299, currency: 'USD' },
      series: nameRef('cloud-bakery', 'Cloud Bakery'),
      style: nameRef('kawaii-pop', 'Kawaii Pop'),
      stock: 1_164,
    },
    {
      id: 8,
      slug: 'night-box',
      name: 'Night Market Box',
      description: '',
      artUrl: '/api/box-models/8/art.svg?v=1',
      price: { amountMinor: 1500, currency: 'JPY' },
      series: nameRef('night-market', 'Night Market'),
      style: nameRef('street', 'Street'),
      stock: 0,
    },
  ],
};
const POSTS = {
  items: [
    {
      _path: '/blog/how-our-draws-are-fair',
      title: 'How our draws are fair',
      description: 'Check any draw yourself.',
      date: '2025-05-02',
    },
  ],
};
const ANSWERS: Record<string, unknown> = {
  [HOME_READS.series]: SERIES,
  [HOME_READS.boxes]: BOXES,
  [HOME_READS.posts]: POSTS,
};

beforeEach(() => requestMock.mockReset());

function renderHome(given?: Record<string, unknown>): void {
  const router = createMemoryRouter([{ path: '*', element: <HomePage /> }], { initialEntries: ['/'] });
  const page = <RouterProvider router={router} />;
  render(given ? <PageDataProvider data={given}>{page}</PageDataProvider> : page);
}

const section = (name: string) => screen.getByRole('region', { name });

describe('HomePage', () => {
  it('shows the series, boxes and posts the server gave it, with real links and prices, and reads none of them again', () => {
    renderHome(ANSWERS);
    expect(within(section('Featured series')).getByRole('link', { name: 'Cloud Bakery' })).toHaveAttribute(
      'href',
      '/gallery/series/cloud-bakery',
    );
    expect(within(section('Featured series')).getByText('Kawaii Pop · 9 figures')).toBeInTheDocument();
    const boxes = section('Boxes on sale');
    expect(within(boxes).getByRole('link', { name: 'Cloud Bakery Blind Box' })).toHaveAttribute(
      'href',
      '/mysterybox/7',
    );
    expect(within(boxes).getByText('$12.99')).toBeInTheDocument();
    expect(within(boxes).getByText('Cloud Bakery · 1,164 left')).toBeInTheDocument();
    // A currency without decimals, and a box with nothing left.
    expect(within(boxes).getByText('¥1,500')).toBeInTheDocument();
    expect(within(boxes).getByText('Night Market · Sold out')).toBeInTheDocument();
    expect(
      within(section('From the blog')).getByRole('link', { name: 'How our draws are fair' }),
    ).toHaveAttribute('href', '/blog/how-our-draws-are-fair');
    expect(within(section('From the blog')).getByText('May 2, 2025')).toBeInTheDocument();
    expect(requestMock).not.toHaveBeenCalled();
  });

  it("shows each box's packaging with its price, what is left and a Buy link to its page", () => {
    renderHome(ANSWERS);
    const [onSale, soldOut] = within(section('Boxes on sale')).getAllByRole('listitem') as HTMLElement[];
    const art = within(onSale!).getByRole('img', { name: 'Cloud Bakery Blind Box packaging' });
    expect(art).toHaveAttribute('src', '/api/box-models/7/art.svg?v=1');
    // Its size is known before it loads: nothing below it moves.
    expect(art).toHaveAttribute('width', '160');
    expect(art).toHaveAttribute('height', '160');
    expect(onSale).toHaveTextContent('$12.99');
    expect(onSale).toHaveTextContent('1,164 left');
    const buy = within(onSale!).getByRole('link', { name: 'Buy Cloud Bakery Blind Box' });
    expect(buy).toHaveTextContent('Buy');
    expect(buy).toHaveAttribute('href', '/mysterybox/7');
    expect(within(soldOut!).getByRole('img', { name: 'Night Market Box packaging' })).toBeInTheDocument();
    expect(within(soldOut!).queryByRole('link', { name: /^Buy/ })).not.toBeInTheDocument();
  });

  it('reads each section itself when nothing was given, showing placeholders until the answers arrive', async () => {
    requestMock.mockImplementation(async (url) => ANSWERS[url]);
    renderHome();
    expect(screen.getByRole('status', { name: 'Loading featured series' })).toBeInTheDocument();
    expect(await within(section('Boxes on sale')).findByText('$12.99')).toBeInTheDocument();
    expect(
      await within(section('Featured series')).findByRole('link', { name: 'Cloud Bakery' }),
    ).toBeInTheDocument();
    expect(
      await within(section('From the blog')).findByRole('link', { name: 'How our draws are fair' }),
    ).toBeInTheDocument();
    expect(requestMock.mock.calls.map(([url]) => url).toSorted()).toEqual(
      Object.values(HOME_READS).toSorted(),
    );
  });

  it('says which section failed, keeps the others, and reads it again on retry', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let boxesFail = true;
    requestMock.mockImplementation(async (url) => {
      if (url === HOME_READS.boxes && boxesFail) throw new HttpError('Could not reach the server', 0, url);
      return ANSWERS[url];
    });
    renderHome();
    const alert = await within(section('Boxes on sale')).findByRole('alert');
    expect(alert).toHaveTextContent('The boxes could not be loaded.');
    expect(
      await within(section('Featured series')).findByRole('link', { name: 'Cloud Bakery' }),
    ).toBeInTheDocument();
    boxesFail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section('Boxes on sale')).findByText('$12.99')).toBeInTheDocument();
  });

  it('treats an answer in a shape it does not know as a failure, not a crash', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    requestMock.mockImplementation(async (url) =>
      url === HOME_READS.posts ? { items: [{ title: 'no path' }] } : ANSWERS[url],
    );
    renderHome({ [HOME_READS.posts]: { nonsense: true } });
    expect(await within(section('From the blog')).findByRole('alert')).toHaveTextContent(
      'The posts could not be loaded.',
    );
  });

  it('says so when there is nothing to show', () => {
    renderHome({
      [HOME_READS.series]: { items: [] },
      [HOME_READS.boxes]: { items: [] },
      [HOME_READS.posts]: { items: [] },
    });
    expect(within(section('Boxes on sale')).getByText(/No box is on sale right now/)).toBeInTheDocument();
    expect(within(section('From the blog')).getByText('No posts yet.')).toBeInTheDocument();
  });
});
