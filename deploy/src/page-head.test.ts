import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SITE_DESCRIPTION, SITE_NAME } from '@arttoy/shared/contracts';
import { canonicalPath, writePageHead } from './page-head';

const TEMPLATE =
  '<!doctype html><html><head><meta name="description" content="The site."/><title>ArtToy Club</title></head><body></body></html>';
const ORIGIN = 'https://arttoy.example';

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('writePageHead', () => {
  it("starts from the shell's page, whose title and description are the site's the browser writes for a page that declares none", () => {
    const template = readFileSync(join(__dirname, '../../shell/src/index.html'), 'utf8');
    expect(template).toContain(`<meta name="description" content="${SITE_DESCRIPTION}" />`);
    const config = readFileSync(join(__dirname, '../../shell/webpack.config.mjs'), 'utf8');
    expect(config).toContain(`title: '${SITE_NAME}'`);
  });

  it("writes the page's title, description, canonical URL and link-preview tags, with absolute URLs from the site's origin", () => {
    const html = headOf(
      writePageHead(
        TEMPLATE,
        {
          title: 'Moth Lantern',
          description: 'A moth & its "lamp".',
          image: '/api/figures/moth/art.svg?v=1',
          type: 'product',
        },
        new URL('http://evil.example/gallery/style/detail/moth/?preview=true'),
        ORIGIN,
      ),
    );
    expect(html).toContain('<title>Moth Lantern · ArtToy Club</title>');
    expect(html).toContain('<meta name="description" content="A moth &amp; its &quot;lamp&quot;.">');
    expect(html).not.toContain('The site.');
    expect(html).toContain('<link rel="canonical" href="https://arttoy.example/gallery/style/detail/moth">');
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain(
      '<meta property="og:image" content="https://arttoy.example/api/figures/moth/art.svg?v=1">',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).not.toContain('evil.example');
  });

  it("keeps the shell's title and description for a page that says nothing about itself, and still names its canonical URL", () => {
    const html = headOf(writePageHead(TEMPLATE, null, new URL('http://site/'), ORIGIN));
    expect(html).toContain('<title>ArtToy Club</title>');
    expect(html).toContain('<meta name="description" content="The site.">');
    expect(html).toContain('<meta property="og:title" content="ArtToy Club">');
    expect(html).toContain('<link rel="canonical" href="https://arttoy.example/">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
  });

  it('writes schema.org data as JSON-LD with absolute URLs, where no string can end the element', () => {
    const thing = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: '</script><script>alert(1)</script>',
      image: '/art.svg',
      offers: { '@type': 'Offer', url: '/mysterybox/1', price: '12.99' },
    };
    const html = headOf(
      writePageHead(
        TEMPLATE,
        { title: 'Box', structuredData: [thing] },
        new URL('http://site/mysterybox/1'),
        ORIGIN,
      ),
    );
    const block = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
    expect(block).not.toBeNull();
    expect(JSON.parse(block![1]!)).toEqual({
      ...thing,
      image: `${ORIGIN}/art.svg`,
      offers: { ...thing.offers, url: `${ORIGIN}/mysterybox/1` },
    });
  });
});

describe('canonicalPath', () => {
  it.each([
    ['/', '/'],
    ['/blog/list/', '/blog/list'],
    ['/blog/list?page=2&tag=news&preview=true', '/blog/list?page=2&tag=news'],
  ])('%s → %s', (path, canonical) => {
    expect(canonicalPath(new URL(path, 'http://site'))).toBe(canonical);
  });

  it('writes a title, description or product name holding $-patterns as text: no part of the document is copied into the head', () => {
    const name = "Moth $' and $& and $` and $$";
    const thing = { '@context': 'https://schema.org', '@type': 'Product', name };
    const written = writePageHead(
      TEMPLATE,
      { title: name, description: name, structuredData: [thing] },
      new URL('http://site/x'),
      ORIGIN,
    );
    expect(written.match(/<body>/g)).toHaveLength(1);
    expect(headOf(written)).toContain(`<title>Moth $' and $&amp; and $\` and $$ · ArtToy Club</title>`);
    expect(headOf(written)).toContain(
      `<meta name="description" content="Moth $' and $&amp; and $\` and $$">`,
    );
    expect(JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(written)![1]!).name).toBe(
      name,
    );
  });
});
