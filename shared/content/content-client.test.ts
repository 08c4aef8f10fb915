import { isSiteError } from '@arttoy/shared/contracts';
import { HttpError, request } from '@arttoy/shared/http';
import { fetchContentDocument, fetchContentList, isContentNotFound, isHtmlPage } from './content-client';
import { documentAt, documentResponse, listResponse } from './testing';

jest.mock('@arttoy/shared/http', () => ({
  ...jest.requireActual('@arttoy/shared/http'),
  request: jest.fn(),
}));
const requestMock = jest.mocked(request);

beforeEach(() => requestMock.mockReset());

describe('the content client', () => {
  it.each([
    '<!doctype html><html><body>502</body></html>',
    '\n  <!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN">',
    '<html lang="en"><head></head></html>',
    '<head><title>Error</title></head>',
    '<body>Not here</body>',
  ])('recognises an HTML page: %s', (body) => {
    expect(isHtmlPage(body)).toBe(true);
  });

  it.each(['{"document":{}}', 'plain text', '<p>a fragment</p>', 42, null, { html: '<html>' }])(
    'does not take %p for an HTML page',
    (body) => {
      expect(isHtmlPage(body)).toBe(false);
    },
  );

  it('answers a valid document', async () => {
    const answer = documentResponse(documentAt('/about'));
    requestMock.mockResolvedValue(answer);
    await expect(fetchContentDocument({ path: '/about' })).resolves.toEqual(answer);
  });

  it('turns a 404 and an HTML page into a 404 SiteError naming the path', async () => {
    requestMock.mockRejectedValueOnce(
      new HttpError('No document.', 404, '/api/content/document', 'not_found'),
    );
    const missing = await fetchContentDocument({ path: '/blog/gone' }).catch((error: unknown) => error);
    expect(isSiteError(missing) && missing.statusCode).toBe(404);
    expect(missing).toHaveProperty('message', 'Page not found: /blog/gone');

    requestMock.mockResolvedValueOnce('<!doctype html><title>Bad gateway</title>');
    const html = await fetchContentList({ dir: 'blog' }).catch((error: unknown) => error);
    expect(isContentNotFound(html)).toBe(true);
  });

  it('keeps other failures as they are, so pages can offer a retry', async () => {
    const failure = new HttpError('The server failed.', 503, '/api/content/documents');
    requestMock.mockRejectedValueOnce(failure);
    await expect(fetchContentList({ dir: 'blog' })).rejects.toBe(failure);
  });

  it('refuses an answer in a shape it does not know, saying how to fix it', async () => {
    requestMock.mockResolvedValueOnce({ ...listResponse([]), items: [{ title: 'no path' }] });
    const error = await fetchContentList({ dir: 'blog' }).catch((caught: unknown) => caught);
    expect(isContentNotFound(error)).toBe(false);
    expect((error as Error).message).toMatch(
      /^The content API sent an answer this page cannot read \(\/api\/content\/documents: .+\)\. Reload the page/,
    );
  });

  it('does not ask for a path the API would refuse', async () => {
    await expect(fetchContentDocument({ path: '/About Us' })).rejects.toMatchObject({ statusCode: 404 });
    await expect(fetchContentDocument({ path: '/../etc/passwd' })).rejects.toMatchObject({ statusCode: 404 });
    expect(requestMock).not.toHaveBeenCalled();
  });
});
