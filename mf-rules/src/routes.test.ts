import { contentDocumentRead } from '@arttoy/shared/content';
import { cachedPageRead } from '@arttoy/shared/query';
import { requestCalls, resetDocumentReads } from '@arttoy/shared/content/testing';
import { request } from '@arttoy/shared/http';
import { prefetch } from './app';
import { RULES_PAGES } from './rules-pages';

jest.mock('@arttoy/shared/http', () => ({
  ...jest.requireActual('@arttoy/shared/http'),
  request: jest.fn(),
}));
const requestMock = jest.mocked(request);

beforeEach(() => resetDocumentReads(requestMock));

describe("mf_rules's ./app prefetch", () => {
  it.each([...RULES_PAGES.map((page) => page.path), '/help', '/rules/authenticity/'])(
    'reads the document of %s ahead',
    async (path) => {
      await expect(prefetch(path)).resolves.toBe(true);
      const documentPath = path.replace(/\/$/, '');
      expect(requestCalls(requestMock)).toEqual([
        { url: '/api/content/document', query: { path: documentPath, locale: 'en' } },
      ]);
      expect(cachedPageRead(contentDocumentRead(documentPath))?.document._path).toBe(documentPath);
    },
  );

  it('reads nothing when the shell reads the page itself (its payload), and still answers that the page is its own', async () => {
    await expect(prefetch('/rules/authenticity', { data: false })).resolves.toBe(true);
    expect(requestMock).not.toHaveBeenCalled();
  });

  it.each(['/rules', '/rules/no_such_page', '/gallery', '/'])(
    'answers false for %s, which is not one of its pages, and reads nothing',
    async (path) => {
      await expect(prefetch(path)).resolves.toBe(false);
      expect(requestMock).not.toHaveBeenCalled();
    },
  );
});
