/** @jest-environment node */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  APP_NAMES,
  DEFAULT_RUNTIME_CONFIG,
  PAGE_PAYLOAD_ELEMENT_ID,
  type BuildMeta,
  type PagePayload,
} from '@arttoy/shared/contracts';
import { publishApp, writeBuild } from './publish';
import { createSiteServer } from './site-server';

/** A path whose resolution throws: a document that cannot be made (the route table mocked below). */
const BROKEN_PATH = '/explodes';

jest.mock('./route-status', () => {
  const actual = jest.requireActual<typeof import('./route-status')>('./route-status');
  return {
    ...actual,
    resolveRoute: (pathname: string, ...rest: [ReadonlySet<string>?]) => {
      if (pathname === BROKEN_PATH) throw new Error('the route table could not be read');
      return actual.resolveRoute(pathname, ...rest);
    },
  };
});

const SHELL_INDEX = [
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ArtToy Club</title></head>',
  '<body><div id="root"></div><script defer src="/%SHELL_BASE%/main.js"></script></body></html>',
].join('');

/**
 * The shell's server container: the chrome around its error page when given one (as shell/src/server.tsx
 * renders it), around its page or the remote's otherwise.
 */
const SHELL_SERVER = `const server = {
  firstReads: () => [],
  renderToHtml: async ({ location, remote, error }) => ({
    html:
      '<header>ArtToy Club</header><main>' +
      (error
        ? '<h1>' + (error.statusCode === 404 ? 'Page Not Found' : 'Internal Server Error') + '</h1><p>' + error.message + '</p>'
        : '<h1>' + location.pathname + '</h1>' + (remote ? remote.html : '')) +
      '</main><footer>Help</footer>',
    head: error ? { title: error.statusCode === 404 ? 'Page Not Found' : 'Internal Server Error' } : null,
  }),
};
module.exports = { init: () => undefined, get: (request) => Promise.resolve(() => (request === './server' ? server : undefined)) };`;

let tmp: string;
let origin: string;
let app: FastifyInstance;

async function publishSite(): Promise<BuildMeta> {
  const apps = {} as BuildMeta['apps'];
  for (const name of APP_NAMES) {
    const dir = path.join(tmp, 'dists', name);
    await fs.mkdir(dir, { recursive: true });
    if (name === 'shell') {
      await fs.writeFile(path.join(dir, 'index.html'), SHELL_INDEX);
      await fs.writeFile(path.join(dir, 'main.js'), 'console.log("shell");');
      await fs.mkdir(path.join(dir, 'server'));
      await fs.writeFile(path.join(dir, 'server/remoteEntry.js'), SHELL_SERVER);
    } else {
      await fs.writeFile(path.join(dir, 'remoteEntry.js'), `var ${name} = {};`);
    }
    apps[name] = await publishApp(name, dir);
  }
  return (await writeBuild(apps)).meta;
}

/** The payload a document carries (what the browser's first render starts from). */
function payloadOf(html: string): PagePayload {
  const match = new RegExp(
    `<script type="application/json" id="${PAGE_PAYLOAD_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  if (!match?.[1]) throw new Error('The document carries no payload.');
  return JSON.parse(match[1].replace(/\\u003c/g, '<')) as PagePayload;
}

beforeEach(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'arttoy-error-documents-'));
  origin = path.join(tmp, 'origin');
  process.env.ORIGIN_DIR = origin;
  try {
    await publishSite();
  } finally {
    delete process.env.ORIGIN_DIR;
  }
  app = await createSiteServer({ origin, config: DEFAULT_RUNTIME_CONFIG });
});

afterEach(async () => {
  await app.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('error documents', () => {
  it('says "Page Not Found: {fullPath}" where parameters fail their pattern, as the browser does', async () => {
    const response = await app.inject({ method: 'GET', url: '/mysterybox/abc' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<h1>Page Not Found</h1><p>Page Not Found: /mysterybox/abc</p>');
  });

  it.each(['/nope', '/no/such/page', '/blog/list/extra'])(
    'serves %s as the rendered 404 page in the chrome, with its status in the payload',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain(
        `<div id="root"><header>ArtToy Club</header><main><h1>Page Not Found</h1><p>Page not found: ${url}</p></main><footer>Help</footer></div>`,
      );
      expect(response.body).toContain('<title>Page Not Found · ArtToy Club</title>');
      expect(payloadOf(response.body)).toEqual({
        path: url,
        remote: null,
        data: {},
        error: { statusCode: 404, message: `Page not found: ${url}` },
      });
    },
  );

  it('serves a document that failed as the rendered Internal Server Error page, status 500', async () => {
    const response = await app.inject({ method: 'GET', url: BROKEN_PATH });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).toContain('<h1>Internal Server Error</h1>');
    expect(response.body).toContain('<header>ArtToy Club</header>');
    expect(response.body).toContain('<title>Internal Server Error · ArtToy Club</title>');
    expect(payloadOf(response.body).error).toEqual({ statusCode: 500, message: 'Internal Server Error' });
  });

  it('still renders a page that exists as that page', async () => {
    const response = await app.inject({ method: 'GET', url: '/live' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<main><h1>/live</h1></main>');
    expect(payloadOf(response.body).error).toBeUndefined();
  });
});
