import { DEFAULT_RUNTIME_CONFIG, REMOTE_CONTRACT_VERSION, SITE_ROUTES } from '@arttoy/shared/contracts';
import { sampleOf } from '@arttoy/shared/testing/route-samples';
import { buildMetaFixture } from '@arttoy/shared/testing/build-meta';
import { documentParts, renderDocument } from './document';
import { resolveRoute } from './route-status';

const TEMPLATE = [
  '<!doctype html><html><head><title>ArtToy Club</title>',
  '<link rel="stylesheet" href="/%SHELL_BASE%/main.css">',
  '</head><body><div id="root"></div>',
  '<script defer src="/%SHELL_BASE%/main.js"></script></body></html>',
].join('');

const meta = buildMetaFixture;

function head(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

function scriptPreloads(html: string): string[] {
  return Array.from(
    html.matchAll(/<link rel="preload" as="script" href="([^"]*)">/g),
    (match) => match[1] ?? '',
  );
}

describe('renderDocument', () => {
  it("puts the server's HTML in #root and its data after it, where no string in the data can end the element", () => {
    const hostile = '</script><script>alert(1)</script><!--';
    const payload = {
      path: '/rules/terms_of_service',
      remote: 'mf_rules' as const,
      data: { '/api/content/document?path=x': { title: hostile } },
    };
    const html = renderDocument(
      TEMPLATE,
      meta(),
      resolveRoute('/rules/terms_of_service'),
      DEFAULT_RUNTIME_CONFIG,
      {
        rendered: { html: '<div class="site"><h1>Terms</h1></div>', payload, head: null },
      },
    );
    expect(html).toContain(
      '<div id="root"><div class="site"><h1>Terms</h1></div></div><script type="application/json" id="page-payload">',
    );
    const element = /<script type="application\/json" id="page-payload">([^<]*)<\/script>/.exec(html);
    expect(element).not.toBeNull();
    // The data block holds no `<` at all, and reads back as exactly what was written.
    expect(JSON.parse(element![1]!)).toEqual(payload);
    expect(html.split('</script>').length).toBe(html.split('<script').length);
  });

  it("links the stylesheets the page needs first, named as the apps' CSS loader knows them, and preloads its scripts", () => {
    const preloadLists = {
      shell: {
        base: '/shell/v-shell/',
        list: {
          groups: { bootstrap: { files: ['bootstrap.css', 'bootstrap.js'], shared: [] } },
          provides: {},
        },
      },
    };
    const html = head(
      renderDocument(TEMPLATE, meta(), resolveRoute('/'), DEFAULT_RUNTIME_CONFIG, { preloadLists }),
    );
    expect(html).toContain(
      '<link rel="stylesheet" href="/shell/v-shell/bootstrap.css" data-href="bootstrap.css">',
    );
    expect(html).toContain('<link rel="preload" as="script" href="/shell/v-shell/bootstrap.js">');
    expect(html).not.toContain('as="script" href="/shell/v-shell/bootstrap.css"');
  });

  it("writes a server-rendered page's stylesheets inline, before its code, which it asks for at low priority", () => {
    const preloadLists = {
      shell: {
        base: '/shell/v-shell/',
        list: {
          groups: { bootstrap: { files: ['bootstrap.css', 'other.css', 'bootstrap.js'], shared: [] } },
          provides: {},
        },
      },
    };
    const inlineStylesheets = new Map([['/shell/v-shell/bootstrap.css', 'h1{color:red}']]);
    const rendered = { html: '<h1>Hi</h1>', payload: { path: '/about', remote: null, data: {} }, head: null };
    const html = head(
      renderDocument(TEMPLATE, meta(), resolveRoute('/about'), DEFAULT_RUNTIME_CONFIG, {
        preloadLists,
        inlineStylesheets,
        rendered,
      }),
    );
    expect(html).toContain('<style data-href="bootstrap.css">h1{color:red}</style>');
    expect(html).not.toContain('href="/shell/v-shell/bootstrap.css"');
    // One that could not be inlined is linked.
    expect(html).toContain('<link rel="stylesheet" href="/shell/v-shell/other.css" data-href="other.css">');
    expect(html).toContain(
      '<link rel="preload" as="script" href="/shell/v-shell/bootstrap.js" fetchpriority="low">',
    );
    expect(html).toContain('href="/builds/meta/20250101120000-abcdef12.json" fetchpriority="low">');
    expect(html.indexOf('<style data-href')).toBeLessThan(html.indexOf('rel="preload"'));
    // Without the server's HTML the page needs its code first: default priority, stylesheets linked.
    const clientOnly = head(
      renderDocument(TEMPLATE, meta(), resolveRoute('/about'), DEFAULT_RUNTIME_CONFIG, {
        preloadLists,
        inlineStylesheets,
      }),
    );
    expect(clientOnly).toContain(
      '<link rel="stylesheet" href="/shell/v-shell/bootstrap.css" data-href="bootstrap.css">',
    );
    expect(clientOnly).not.toContain('fetchpriority');
  });

  it("goes out in two parts: the head the route decides at once, the page's own head and body once it is rendered", () => {
    const preloadLists = {
      shell: {
        base: '/shell/v-shell/',
        list: {
          groups: { bootstrap: { files: ['bootstrap.css', 'bootstrap.js'], shared: [] } },
          provides: {},
        },
      },
    };
    const inlineStylesheets = new Map([['/shell/v-shell/bootstrap.css', 'h1{color:red}']]);
    const url = new URL('http://site.invalid/about');
    const parts = documentParts(TEMPLATE, meta(), resolveRoute('/about'), DEFAULT_RUNTIME_CONFIG, {
      preloadLists,
      inlineStylesheets,
      url,
      siteOrigin: 'https://arttoy.example',
      serverRendered: true,
    });
    // The first part: stylesheets, code and manifest preloads, the config; not the site's title, which the page may replace.
    expect(parts.early).toContain('<style data-href="bootstrap.css">h1{color:red}</style>');
    expect(parts.early).toContain(
      '<link rel="preload" as="script" href="/shell/v-shell/bootstrap.js" fetchpriority="low">',
    );
    expect(parts.early).toContain('id="runtime-config"');
    expect(parts.early).not.toContain('<title>');
    expect(parts.early).not.toContain('</head>');
    const rendered = {
      html: '<h1>About us</h1>',
      payload: { path: '/about', remote: null, data: {} },
      head: { title: 'About us', description: 'Who we are.' },
    };
    const rest = parts.rest({ rendered, reads: ['/api/extra'] });
    const html = `${parts.early}${rest}`;
    expect(head(html).match(/<title>/g)).toHaveLength(1);
    expect(head(html)).toContain('<title>About us · ArtToy Club</title>');
    expect(head(html)).toContain('<meta name="description" content="Who we are.">');
    expect(head(html)).toContain('<link rel="canonical" href="https://arttoy.example/about">');
    expect(head(html)).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/extra" fetchpriority="low">',
    );
    expect(html).toContain(
      '<div id="root"><h1>About us</h1></div><script type="application/json" id="page-payload">',
    );
    // A render that failed: the site's title, the browser renders the page.
    const failed = `${parts.early}${parts.rest({})}`;
    expect(head(failed)).toContain('<title>ArtToy Club</title>');
    expect(failed).toContain('<div id="root"></div>');
  });

  it('leaves #root empty without a server rendering (the browser renders the page)', () => {
    const html = renderDocument(TEMPLATE, meta(), resolveRoute('/'), DEFAULT_RUNTIME_CONFIG);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('page-payload');
  });

  it("points every shell asset at the shell's versioned folder", () => {
    const html = renderDocument(TEMPLATE, meta(), resolveRoute('/'), DEFAULT_RUNTIME_CONFIG);
    expect(html).not.toContain('%SHELL_BASE%');
    expect(html).toContain('<script defer src="/shell/v-shell/main.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/shell/v-shell/main.css">');
  });

  it('uses an absolute shell entry as the base too', () => {
    const html = renderDocument(
      TEMPLATE,
      meta({ shell: 'https://cdn.example.com/shell/v9/main.js' }),
      resolveRoute('/'),
      DEFAULT_RUNTIME_CONFIG,
    );
    expect(html).toContain('src="https://cdn.example.com/shell/v9/main.js"');
  });

  it('names the build and preloads its manifest in the head', () => {
    const html = head(renderDocument(TEMPLATE, meta(), resolveRoute('/'), DEFAULT_RUNTIME_CONFIG));
    expect(html).toContain('<meta name="build-id" content="20250101120000-abcdef12">');
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/builds/meta/20250101120000-abcdef12.json">',
    );
  });

  it.each(
    SITE_ROUTES.filter((route) => route.owner !== 'shell').map((route) => ({
      path: sampleOf(route).path,
      owner: route.owner,
    })),
  )('preloads the remote entry of $owner for $path, and only that one', ({ path, owner }) => {
    const resolution = resolveRoute(path);
    expect(resolution).toMatchObject({ status: 200, owner });
    const html = renderDocument(TEMPLATE, meta(), resolution, DEFAULT_RUNTIME_CONFIG);
    const folder = owner.replace('_', '-');
    expect(scriptPreloads(head(html))).toEqual([`/${folder}/v-${folder}/remoteEntry.js`]);
  });

  it.each([
    ['a shell page', '/'],
    ['a page with invalid parameters', '/mysterybox/abc'],
    ['an unknown page', '/no/such/page'],
  ])('preloads no remote entry for %s', (_what, path) => {
    expect(
      scriptPreloads(renderDocument(TEMPLATE, meta(), resolveRoute(path), DEFAULT_RUNTIME_CONFIG)),
    ).toEqual([]);
  });

  it("preloads neither the entry nor the chunks of a remote that does not fit the build's shell", () => {
    const build = (rulesNeed: string) => {
      const misfit = meta();
      misfit.apps.shell.provides = {
        contract: REMOTE_CONTRACT_VERSION,
        shared: { '@arttoy/shared': '1.0.0' },
      };
      misfit.apps.mf_rules.needs = {
        contract: REMOTE_CONTRACT_VERSION,
        shared: { '@arttoy/shared': rulesNeed },
      };
      return misfit;
    };
    const preloadLists = {
      mf_rules: {
        base: '/mf-rules/v-mf-rules/',
        list: { groups: { 'expose-mf_rules': { files: ['rules-page.js'], shared: [] } }, provides: {} },
      },
    };
    const preloads = (rulesNeed: string) =>
      scriptPreloads(
        head(
          renderDocument(
            TEMPLATE,
            build(rulesNeed),
            resolveRoute('/rules/terms_of_service'),
            DEFAULT_RUNTIME_CONFIG,
            {
              preloadLists,
            },
          ),
        ),
      );
    expect(preloads('^1.0.0')).toContain('/mf-rules/v-mf-rules/remoteEntry.js');
    expect(preloads('^1.0.0')).toContain('/mf-rules/v-mf-rules/rules-page.js');
    expect(preloads('^2.0.0').filter((url) => url.startsWith('/mf-rules/'))).toEqual([]);
  });

  it('leaves the remote entry out when told to (a build without remotes)', () => {
    const html = renderDocument(TEMPLATE, meta(), resolveRoute('/gallery'), DEFAULT_RUNTIME_CONFIG, {
      preloadRemotes: false,
    });
    expect(scriptPreloads(head(html))).toEqual([]);
    expect(head(html)).toContain('<meta name="build-id"');
  });

  it("preloads the page's first API reads in CORS mode, as the page's fetch asks for them, escaped", () => {
    const reads = ['/api/series/cloud-bakery', '/api/content/document?path=%2Fhelp&locale=en"x'];
    const html = head(
      renderDocument(TEMPLATE, meta(), resolveRoute('/gallery/series/cloud-bakery'), DEFAULT_RUNTIME_CONFIG, {
        reads,
      }),
    );
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/series/cloud-bakery">',
    );
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/content/document?path=%2Fhelp&amp;locale=en&quot;x">',
    );
  });

  it('escapes what it writes into attributes', () => {
    // Manifests are validated before they get here; the document still never trusts them.
    const hostile = { ...meta(), id: 'x"><script>alert(1)</script>&' };
    hostile.apps.mf_blog = { version: 'v', entry: '/mf-blog/v/"onload="alert(1)<&' };
    const html = renderDocument(TEMPLATE, hostile, resolveRoute('/blog/list'), DEFAULT_RUNTIME_CONFIG);
    expect(html).toContain('content="x&quot;>&lt;script>alert(1)&lt;/script>&amp;"');
    expect(html).toContain('href="/builds/meta/x&quot;>&lt;script>alert(1)&lt;/script>&amp;.json"');
    expect(html).toContain('href="/mf-blog/v/&quot;onload=&quot;alert(1)&lt;&amp;"');
    expect(html).not.toContain('<script>alert(1)');
  });

  it('refuses a template without the shell base placeholder, saying how to fix it', () => {
    const stale = TEMPLATE.replaceAll('/%SHELL_BASE%/', '/');
    expect(() => renderDocument(stale, meta(), resolveRoute('/'), DEFAULT_RUNTIME_CONFIG)).toThrow(
      /script base placeholder; rebuild the shell \(npm run build -w shell\)/,
    );
  });

  it('refuses a template without </head>', () => {
    expect(() =>
      renderDocument(TEMPLATE.replace('</head>', ''), meta(), resolveRoute('/'), DEFAULT_RUNTIME_CONFIG),
    ).toThrow(/lacks <\/head>/);
  });
});
