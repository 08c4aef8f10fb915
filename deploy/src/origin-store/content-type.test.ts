import { objectHeaders } from './content-type';

describe('objectHeaders', () => {
  it('types scripts, manifests, styles and pictures by their extension', () => {
    expect(objectHeaders('mf-gallery/abc/remoteEntry.js')).toEqual({
      contentType: 'text/javascript; charset=utf-8',
    });
    expect(objectHeaders('builds/meta/x.json')).toEqual({ contentType: 'application/json; charset=utf-8' });
    expect(objectHeaders('shell/abc/main.CSS')).toEqual({ contentType: 'text/css; charset=utf-8' });
    expect(objectHeaders('shell/abc/figure.svg')).toEqual({ contentType: 'image/svg+xml' });
    expect(objectHeaders('shell/abc/LICENSE')).toEqual({ contentType: 'application/octet-stream' });
    expect(objectHeaders('shell/a.b/LICENSE')).toEqual({ contentType: 'application/octet-stream' });
  });

  it("gives a precompressed copy its file's type and its encoding", () => {
    expect(objectHeaders('shell/abc/main.js.br')).toEqual({
      contentType: 'text/javascript; charset=utf-8',
      contentEncoding: 'br',
    });
    expect(objectHeaders('shell/abc/main.css.gz')).toEqual({
      contentType: 'text/css; charset=utf-8',
      contentEncoding: 'gzip',
    });
    // Of a file of no known type, a compressed copy is only bytes.
    expect(objectHeaders('shell/abc/data.tar.gz')).toEqual({ contentType: 'application/octet-stream' });
  });
});
