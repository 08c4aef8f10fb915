import { findPlaceholder, mountRemote, paramsShown, placeholdersShown, routeSamples } from '@arttoy/shared/testing';
import * as app from './app';

describe('mf_mysterybox ./app', () => {
  it.each(routeSamples('mf_mysterybox'))('renders $route.id at $path with its params', async ({ route, path, params }) => {
    mountRemote({ name: 'mf_mysterybox', app, path });
    const page = await findPlaceholder(route.id);
    expect(page).toHaveAttribute('data-owner', 'mf_mysterybox');
    expect(paramsShown(page)).toEqual(params);
    expect(placeholdersShown()).toEqual([route.id]);
  });

  it('follows the memory router', async () => {
    const { navigate } = mountRemote({ name: 'mf_mysterybox', app, path: '/mysterybox' });
    await findPlaceholder('mysterybox');
    await navigate('/mysterybox/7');
    expect(paramsShown(await findPlaceholder('mysterybox-model_id'))).toEqual({ model_id: '7' });
    await navigate('/payment/order_pay');
    await findPlaceholder('payment-order_pay');
    expect(placeholdersShown()).toEqual(['payment-order_pay']);
  });
});
