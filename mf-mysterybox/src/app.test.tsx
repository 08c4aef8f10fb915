import { screen, waitFor } from '@testing-library/react';
import { fakeApi, mountRemote, routeSamples } from '@arttoy/shared/testing';
import * as app from './app';
import { box, boxPage } from './test/fixtures';
import { resetStores } from './test/signed-in';

jest.mock('@arttoy/shared/auth', () => ({ idToken: jest.fn(async () => 'test-token') }));

beforeEach(() => {
  resetStores();
  fakeApi({ 'GET /api/box-models': { body: boxPage([box()]) }, 'GET /api/box-models/7': { body: box() } });
});

describe('mf_mysterybox ./app', () => {
  it.each(routeSamples('mf_mysterybox'))(
    'renders the page of $route.id at $path',
    async ({ route, path }) => {
      mountRemote({ name: 'mf_mysterybox', app, path: path.replace(/\/mysterybox\/\d+$/, '/mysterybox/7') });
      await waitFor(() =>
        expect(document.querySelector(`article[data-route="${route.id}"]`)).toHaveAttribute(
          'data-owner',
          'mf_mysterybox',
        ),
      );
    },
  );

  it('follows the shell router from the list to a box', async () => {
    const { navigate } = mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mystery boxes' })).toBeInTheDocument();
    await navigate('/mysterybox/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Night Market Box' })).toBeInTheDocument();
  });
});
