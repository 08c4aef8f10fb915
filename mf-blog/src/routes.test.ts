import { contentDocumentRead } from '@arttoy/shared/content';
import { cachedPageRead } from '@arttoy/shared/query';
import { requestCalls, resetDocumentReads } from '@arttoy/shared/content/testing';
import { HttpError, request } from '@arttoy/shared/http';
import { prefetch } from './app';

jest.mock('@arttoy/shared/http', () => ({
  ...jest.requireActual('@arttoy/shared/http'),
  request: jest.fn(),
}));
const requestMock = jest.mocked(request);

beforeEach(() => resetDocumentReads(requestMock));

describe("mf_blog's ./app prefetch", () => {
  it('reads a post ahead', async () => {
    await expect(prefetch('/blog/displaying-your-figures')).resolves.toBe(true);
    expect(requestCalls(requestMock)).toEqual([
      { url: '/api/content/document', query: { path: '/blog/displaying-your-figures', locale: 'en' } },
    ]);
    expect(cachedPageRead(contentDocumentRead('/blog/displaying-your-figures'))).toBeDefined();
  });

  it.each(['/blog', '/blog/list', '/rules/authenticity', '/'])(
    'answers false for %s, which is not a post, and reads nothing',
    async (path) => {
      await expect(prefetch(path)).resolves.toBe(false);
      expect(requestMock).not.toHaveBeenCalled();
    },
  );

  it('reads nothing when the shell reads the page itself (its payload), and still answers that the post is its page', async () => {
    await expect(prefetch('/blog/displaying-your-figures', { data: false })).resolves.toBe(true);
    expect(requestMock).not.toHaveBeenCalled();
  });

  it('answers false for a post that does not exist', async () => {
    requestMock.mockReset();
    requestMock.mockRejectedValue(new HttpError('Document not found.', 404, '/api/content/document'));
    await expect(prefetch('/blog/no-such-post')).resolves.toBe(false);
    expect(cachedPageRead(contentDocumentRead('/blog/no-such-post'))).toBeUndefined();
  });
});
