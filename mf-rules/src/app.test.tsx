import { findPlaceholder, mountRemote, paramsShown, placeholdersShown, routeSamples } from '@arttoy/shared/testing';
import * as app from './app';

describe('mf_rules ./app', () => {
  it.each(routeSamples('mf_rules'))('renders $route.id at $path', async ({ route, path, params }) => {
    mountRemote({ name: 'mf_rules', app, path });
    const page = await findPlaceholder(route.id);
    expect(page).toHaveAttribute('data-owner', 'mf_rules');
    expect(paramsShown(page)).toEqual(params);
    expect(placeholdersShown()).toEqual([route.id]);
  });

  it('follows the memory router', async () => {
    const { navigate } = mountRemote({ name: 'mf_rules', app, path: '/help' });
    await findPlaceholder('help');
    await navigate('/rules/terms_of_service');
    await findPlaceholder('rules-terms_of_service');
    expect(placeholdersShown()).toEqual(['rules-terms_of_service']);
  });
});
