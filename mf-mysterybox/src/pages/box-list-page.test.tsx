import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, mountRemote } from '@arttoy/shared/testing';
import * as app from '../app';
import { box, boxPage } from '../test/fixtures';
import { resetStores } from '../test/signed-in';

jest.mock('@arttoy/shared/auth', () => ({ idToken: jest.fn(async () => 'test-token') }));

beforeEach(resetStores);

describe('/mysterybox', () => {
  it('lists each box with its series, price, stock and odds, after a skeleton', async () => {
    const soldOut = box({ id: 8, name: 'Tin Guardians Box', stock: 0 });
    let answer = () => undefined as void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    fakeApi({
      'GET /api/box-models': async () => held.then(() => ({ body: boxPage([box(), soldOut]) })),
      'GET /api/box-models/7': { body: box() },
      'GET /api/box-models/8': { body: soldOut },
    });
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox' });
    expect(
      await screen.findByRole('status', { name: 'Loading the boxes' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    answer();
    const list = await screen.findByRole('list', { name: 'Boxes on sale' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first as HTMLElement).getByRole('link', { name: 'Night Market Box' })).toHaveAttribute(
      'href',
      '/mysterybox/7',
    );
    expect(first).toHaveTextContent('Night Market');
    expect(first).toHaveTextContent('$14.99');
    expect(first).toHaveTextContent('12 left');
    expect(first).toHaveTextContent('2 figures + 1 secret · secret about 1 in 144');
    expect(second).toHaveTextContent('Sold out');
  });

  it('pictures each box by its own packaging, never by one of its figures', async () => {
    const hunter = box({ id: 8, name: 'Night Market Hunter Box', artUrl: '/api/box-models/8/art.svg?v=1' });
    fakeApi({
      'GET /api/box-models': { body: boxPage([box(), hunter]) },
      'GET /api/box-models/7': { body: box() },
      'GET /api/box-models/8': { body: hunter },
    });
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox' });
    const list = await screen.findByRole('list', { name: 'Boxes on sale' });
    expect(within(list).getByRole('img', { name: 'Night Market Box packaging' })).toHaveAttribute(
      'src',
      '/api/box-models/7/art.svg?v=1',
    );
    expect(within(list).getByRole('img', { name: 'Night Market Hunter Box packaging' })).toHaveAttribute(
      'src',
      '/api/box-models/8/art.svg?v=1',
    );
    expect(list.querySelector('img[src^="/api/art/"]')).toBeNull();
  });

  it('says so when nothing is on sale', async () => {
    fakeApi({ 'GET /api/box-models': { body: boxPage([]) } });
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox' });
    expect(await screen.findByText(/No boxes are on sale right now/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'gallery' })).toHaveAttribute('href', '/gallery');
  });

  it('explains a failure and loads again on retry', async () => {
    const api = fakeApi({
      'GET /api/box-models': [{ status: 503 }, { status: 503 }, { body: boxPage([box()]) }],
      'GET /api/box-models/7': { body: box() },
    });
    mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The boxes could not be loaded. The shop is having trouble right now.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Night Market Box' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/box-models')).toHaveLength(3);
  });
});
