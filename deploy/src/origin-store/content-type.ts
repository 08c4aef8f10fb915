/**
 * The headers an origin object is stored with in a bucket, from its key: a bucket (or the CDN in
 * front of it) answers with them, so they must be right when the object is written.
 *
 * A precompressed copy (`main.js.br`, `manifest.json.gz`) has the type of the file it compresses
 * and says its encoding, as a static host sends it to a browser that takes that encoding.
 */
const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  cjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  css: 'text/css; charset=utf-8',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  woff: 'font/woff',
  wasm: 'application/wasm',
};

const ENCODINGS: Record<string, string> = { br: 'br', gz: 'gzip' };

export interface ObjectHeaders {
  contentType: string;
  /** `br` or `gzip` for a precompressed copy; absent otherwise. */
  contentEncoding?: string;
}

const extension = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > name.lastIndexOf('/') ? name.slice(dot + 1).toLowerCase() : '';
};

export function objectHeaders(key: string): ObjectHeaders {
  const encoding = ENCODINGS[extension(key)];
  const name = encoding ? key.slice(0, key.lastIndexOf('.')) : key;
  const contentType = TYPES[extension(name)];
  // A compressed copy of a file of no known type is just bytes (its encoding would mislead).
  if (encoding && !contentType) return { contentType: 'application/octet-stream' };
  return {
    contentType: contentType ?? 'application/octet-stream',
    ...(encoding ? { contentEncoding: encoding } : {}),
  };
}
