// The development site (`npm run dev`): every app on its own webpack-dev-server, the shell's in
// front. The shell's dev server answers the build manifest the way the published origin does, so
// the shell registers the remotes' dev servers at run time exactly as it registers published ones:
// there is no second code path for development in the shell. Node only.

/** Every app's dev server port, by container name (each app's webpack.config.mjs passes the same; a test keeps them equal). */
export const DEV_PORTS = {
  shell: 3000,
  mf_gallery: 3101,
  mf_blog: 3102,
  mf_mysterybox: 3103,
  mf_account: 3104,
  mf_rules: 3105,
};

/**
 * DEV_PORT_OFFSET moves every dev server's port by the same amount (a second checkout's `npm run
 * dev` beside the first, or beside a test run holding the remotes' standalone ports).
 */
export function devPortOffset(env = process.env) {
  const text = env.DEV_PORT_OFFSET?.trim();
  const offset = text ? Number(text) : 0;
  if (!Number.isInteger(offset) || offset < 0 || offset > 60000)
    throw new Error(`DEV_PORT_OFFSET must be a whole number from 0 to 60000, got "${env.DEV_PORT_OFFSET}".`);
  return offset;
}

/** The port of an app's dev server: its own plus DEV_PORT_OFFSET. */
export function devPort(name, env = process.env) {
  const port = DEV_PORTS[name];
  if (!port)
    throw new Error(
      `No dev server is known for "${name}"; the apps are ${Object.keys(DEV_PORTS).join(', ')}.`,
    );
  return port + devPortOffset(env);
}

/** Dev servers listen on the loopback address only: a development build is no site for the network. */
export const DEV_HOST = '127.0.0.1';

/**
 * The API the dev servers proxy `/api` to: API_ORIGIN as the standalone harness server reads it
 * (a composed site already running, say), else the API at API_PORT on this machine (`npm run dev`
 * starts it; so does `npm start -w api`).
 */
export function devApiTarget(env = process.env) {
  const origin = env.API_ORIGIN?.trim();
  if (origin) {
    if (!/^https?:\/\/[^/\s]+\/?$/.test(origin))
      throw new Error(`API_ORIGIN must be an origin such as http://localhost:3001, got "${env.API_ORIGIN}".`);
    return origin.replace(/\/$/, '');
  }
  const port = Number(env.API_PORT ?? 3001);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`API_PORT must be a port number, got "${env.API_PORT}".`);
  return `http://${DEV_HOST}:${port}`;
}

/** Where the page finds an app's dev server: `localhost`, the site's own host name, so sign-in's storage stays first-party. */
export function devServerOrigin(name, env = process.env) {
  return `http://localhost:${devPort(name, env)}`;
}

/**
 * The build id of one run of the shell's dev server: the same for its whole life, so the shell's
 * build watcher stays quiet; a restarted dev server is a new build, as a deploy would be.
 */
export function devBuildId(startedAt) {
  return `dev-${startedAt.toString(36)}`;
}

/**
 * The dev manifest (the shape of `builds/meta/<id>.json`, shared/contracts/manifest.ts): the
 * shell's entry on its own server, every remote's `remoteEntry.js` on its dev server, no integrity
 * (the bytes change with every edit).
 */
export function devManifest(startedAt) {
  const apps = Object.fromEntries(
    Object.keys(DEV_PORTS).map((name) => [
      name,
      { version: 'dev', entry: name === 'shell' ? '/main.js' : `${devServerOrigin(name)}/remoteEntry.js` },
    ]),
  );
  return { id: devBuildId(startedAt), timestamp: startedAt, prerendered: [], routeRules: {}, apps };
}

/**
 * What the dev launcher tells the shell's dev server (ARTTOY_DEV_SITE, JSON): the head elements a
 * served document carries (the runtime config) and its Content-Security-Policy, both written by the
 * site server's own code (deploy/src/dev/), so development and production pages are made alike.
 * Unset (`npm run dev -w shell` alone), documents carry neither: sign-in is then off.
 */
export function devSiteSettings(env = process.env) {
  const text = env.ARTTOY_DEV_SITE?.trim();
  if (!text) return { head: '', contentSecurityPolicy: null };
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `ARTTOY_DEV_SITE must be JSON { head, contentSecurityPolicy } (npm run dev writes it): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  if (
    typeof value !== 'object' ||
    value === null ||
    typeof value.head !== 'string' ||
    typeof value.contentSecurityPolicy !== 'string'
  ) {
    throw new Error(
      'ARTTOY_DEV_SITE must be JSON { head: string, contentSecurityPolicy: string } (npm run dev writes it).',
    );
  }
  return { head: value.head, contentSecurityPolicy: value.contentSecurityPolicy };
}

/** The shell's page as the dev server serves it: told its build and given the launcher's head elements. */
export function devDocument(html, buildId, head) {
  if (!html.includes('</head>'))
    throw new Error("The shell's index.html has no </head>: check shell/src/index.html.");
  return html.replace('</head>', () => `<meta name="build-id" content="${buildId}">${head}</head>`);
}

/** A request for a page (a navigation), not for a file: the dev server answers it with the shell's document. */
export function isDocumentRequest(method, url, accept) {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = new URL(url, 'http://dev.invalid').pathname;
  if (pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/builds/')) return false;
  // A path with a file extension is a file (main.js, a hot update); index.html is the document itself.
  if (/\.[a-z0-9]+$/i.test(pathname) && pathname !== '/index.html') return false;
  return (accept ?? '').includes('text/html');
}

/**
 * webpack-dev-server's `setupMiddlewares` for the shell: `/builds/latest.json` and the dev
 * manifest (quiet build watcher, remotes from their dev servers), and every page as the shell's
 * document with the dev site's head and Content-Security-Policy.
 */
export function devSiteMiddlewares({ startedAt = Date.now(), settings = devSiteSettings() } = {}) {
  const manifest = devManifest(startedAt);
  const sendJson = (res, value) => {
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('cache-control', 'no-cache');
    res.end(JSON.stringify(value));
  };
  return (middlewares, devServer) => {
    const fileSystem = () => devServer.middleware.context.outputFileSystem;
    const outputPath = () => devServer.middleware.context.compiler.options.output.path;
    middlewares.unshift(
      {
        name: 'arttoy-dev-manifest',
        path: '/builds',
        middleware: (req, res, next) => {
          const pathname = new URL(req.url ?? '/', 'http://dev.invalid').pathname;
          if (pathname === '/latest.json')
            return sendJson(res, { id: manifest.id, timestamp: manifest.timestamp });
          if (pathname === `/meta/${manifest.id}.json`) return sendJson(res, manifest);
          return next();
        },
      },
      {
        name: 'arttoy-dev-document',
        middleware: (req, res, next) => {
          if (!isDocumentRequest(req.method ?? 'GET', req.url ?? '/', req.headers.accept)) return next();
          // The first request may come before the first compile has finished.
          devServer.middleware.waitUntilValid(() => {
            fileSystem().readFile(`${outputPath()}/index.html`, (error, html) => {
              if (error) return next(error);
              res.setHeader('content-type', 'text/html; charset=utf-8');
              res.setHeader('cache-control', 'no-cache');
              if (settings.contentSecurityPolicy)
                res.setHeader('content-security-policy', settings.contentSecurityPolicy);
              res.end(
                req.method === 'HEAD'
                  ? undefined
                  : devDocument(html.toString('utf8'), manifest.id, settings.head),
              );
            });
          });
        },
      },
    );
    return middlewares;
  };
}
