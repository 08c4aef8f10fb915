import { firstReads } from './first-reads';
import { resolveRoute } from './route-status';

const at = (path: string) => firstReads(resolveRoute(new URL(path, 'http://site.test').pathname), new URL(path, 'http://site.test'));

describe('firstReads', () => {
  it.each([
    ['/gallery/series/cloud-bakery', '/api/series/cloud-bakery'],
    ['/gallery/style/detail/cloud-bakery-croissant-cub', '/api/figures/cloud-bakery-croissant-cub'],
    ['/mysterybox/12', '/api/box-models/12'],
    ['/blog/displaying-your-figures', '/api/content/document?path=%2Fblog%2Fdisplaying-your-figures&locale=en'],
    ['/rules/authenticity', '/api/content/document?path=%2Frules%2Fauthenticity&locale=en'],
    ['/rules/customer_service_center/', '/api/content/document?path=%2Frules%2Fcustomer_service_center&locale=en'],
    ['/help', '/api/content/document?path=%2Fhelp&locale=en'],
  ])('%s reads %s first', (path, read) => {
    expect(at(path)).toEqual([read]);
  });

  it.each([
    ['the home page (no API read)', '/'],
    ['a page whose reads depend on its query', '/gallery?page=2'],
    ['a page with invalid parameters', '/mysterybox/abc'],
    ['an unknown page', '/no/such/page'],
    ['a page in preview mode, which asks for drafts too', '/rules/authenticity?preview=true'],
  ])('preloads nothing for %s', (_what, path) => {
    expect(at(path)).toEqual([]);
  });
});
