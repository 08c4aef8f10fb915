import { isCodeLoadError, RemoteLoadError } from './remote-load-error';

describe('isCodeLoadError', () => {
  it('knows a remote that did not load and a chunk that did not arrive', () => {
    const chunk = new Error('Loading chunk 283 failed.\n(error: http://localhost/283.js)');
    chunk.name = 'ChunkLoadError';
    expect(isCodeLoadError(new RemoteLoadError('Remote mf_gallery failed to load (404).'))).toBe(true);
    expect(isCodeLoadError(chunk)).toBe(true);
    expect(isCodeLoadError(new Error('Loading CSS chunk 12 failed.\n(/12.css)'))).toBe(true);
  });

  it('leaves errors of a running page to the fallback', () => {
    expect(isCodeLoadError(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(
      false,
    );
    expect(isCodeLoadError('Loading chunk 1 failed')).toBe(false);
    expect(isCodeLoadError(null)).toBe(false);
  });
});
