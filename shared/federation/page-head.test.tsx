import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { SITE_DESCRIPTION, type PageHead } from '../contracts';
import { PageDataProvider, usePageHead } from './page-data';

function Page({ head }: { head: PageHead | null }) {
  usePageHead(head);
  return <h1>{head?.title ?? 'Nothing said'}</h1>;
}

function Quiet() {
  return <h1>Says nothing</h1>;
}

const description = () => document.head.querySelector('meta[name="description"]')?.getAttribute('content');
const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

beforeEach(() => {
  // The document as the site server writes a page's head (deploy/src/page-head.ts).
  document.head.innerHTML = [
    '<title>Served · ArtToy Club</title>',
    '<meta name="description" content="Served description">',
    '<link rel="canonical" href="https://arttoy.example/served">',
    '<meta property="og:type" content="product">',
    '<meta property="og:title" content="Served">',
    '<meta property="og:description" content="Served description">',
    '<meta property="og:url" content="https://arttoy.example/served">',
    '<meta name="twitter:title" content="Served">',
    '<meta name="twitter:description" content="Served description">',
  ].join('');
  window.history.replaceState(null, '', '/gallery/series/cloud-bakery/?page=2&preview=true');
});

describe('usePageHead on the server', () => {
  it('reports the head to the document writer (the last one rendered) and leaves the document alone', () => {
    const heads: PageHead[] = [];
    const html = renderToString(
      <PageDataProvider data={{}} onHead={(head) => heads.push(head)}>
        <Page head={{ title: 'Shell' }} />
        <Page head={null} />
        <Page head={{ title: 'Cloud Bakery', description: 'Cakes.', type: 'product' }} />
      </PageDataProvider>,
    );
    expect(heads).toEqual([
      { title: 'Shell' },
      { title: 'Cloud Bakery', description: 'Cakes.', type: 'product' },
    ]);
    expect(html).not.toContain('<title');
    expect(document.title).toBe('Served · ArtToy Club');
  });
});

describe('usePageHead in the browser', () => {
  it("writes the page's title, description, canonical URL and link-preview texts on mount, as the server writes them", () => {
    render(<Page head={{ title: 'Cloud Bakery', description: 'Cakes and pastries.' }} />);
    expect(document.title).toBe('Cloud Bakery · ArtToy Club');
    expect(description()).toBe('Cakes and pastries.');
    expect(content('meta[property="og:title"]')).toBe('Cloud Bakery');
    expect(content('meta[name="twitter:title"]')).toBe('Cloud Bakery');
    expect(content('meta[property="og:description"]')).toBe('Cakes and pastries.');
    expect(content('meta[name="twitter:description"]')).toBe('Cakes and pastries.');
    expect(content('meta[property="og:type"]')).toBe('website');
    // The server's origin, the page's path without its trailing slash or the preview switch.
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(
      'https://arttoy.example/gallery/series/cloud-bakery?page=2',
    );
    expect(content('meta[property="og:url"]')).toBe(
      'https://arttoy.example/gallery/series/cloud-bakery?page=2',
    );
  });

  it("keeps the link-preview picture in step: the page's (absolute, as the server writes it), or none after a page without one", () => {
    const picture = () => [
      content('meta[property="og:image"]'),
      content('meta[name="twitter:image"]'),
      content('meta[name="twitter:card"]'),
    ];
    document.head.insertAdjacentHTML(
      'beforeend',
      '<meta property="og:image" content="https://arttoy.example/old.svg"><meta name="twitter:card" content="summary_large_image"><meta name="twitter:image" content="https://arttoy.example/old.svg">',
    );
    const { rerender } = render(
      <Page head={{ title: 'Golden Souffle', image: '/api/figures/golden-souffle/art.svg?v=2' }} />,
    );
    expect(picture()).toEqual([
      'https://arttoy.example/api/figures/golden-souffle/art.svg?v=2',
      'https://arttoy.example/api/figures/golden-souffle/art.svg?v=2',
      'summary_large_image',
    ]);
    rerender(<Page head={{ title: 'Fairness check' }} />);
    expect(picture()).toEqual([undefined, undefined, 'summary']);
    rerender(<Page head={{ title: 'Golden Souffle', image: 'https://cdn.example/art.svg' }} />);
    expect(picture()).toEqual([
      'https://cdn.example/art.svg',
      'https://cdn.example/art.svg',
      'summary_large_image',
    ]);
  });

  it('follows every change of the head, and a head without a description has the site’s', () => {
    const { rerender } = render(<Page head={{ title: 'Series' }} />);
    expect(document.title).toBe('Series · ArtToy Club');
    expect(description()).toBe(SITE_DESCRIPTION);
    rerender(<Page head={{ title: 'Cloud Bakery', description: 'Cakes.' }} />);
    expect(document.title).toBe('Cloud Bakery · ArtToy Club');
    expect(description()).toBe('Cakes.');
  });

  it("gives a page that declares nothing the site's own head: the previous page's title never stays", () => {
    const { rerender } = render(<Page head={{ title: 'Cloud Bakery', description: 'Cakes.' }} />);
    rerender(<Quiet />);
    expect(document.title).toBe('ArtToy Club');
    expect(description()).toBe(SITE_DESCRIPTION);
    expect(content('meta[property="og:title"]')).toBe('ArtToy Club');
  });

  it("has the site's head while a page says nothing yet (null), then the page's", () => {
    const { rerender } = render(<Page head={null} />);
    expect(document.title).toBe('ArtToy Club');
    rerender(<Page head={{ title: 'How our draws are fair' }} />);
    expect(document.title).toBe('How our draws are fair · ArtToy Club');
  });

  it('writes the description element when the document has none (a page rendered in the browser only)', () => {
    document.head.innerHTML = '<title>ArtToy Club</title>';
    render(<Page head={{ title: 'Your locker', description: 'What you own.' }} />);
    expect(document.title).toBe('Your locker · ArtToy Club');
    expect(description()).toBe('What you own.');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });

  it("across React roots (the shell and a remote's parcel), the page declared last and still mounted is the document's", () => {
    const remote = document.body.appendChild(document.createElement('div'));
    const shell = document.body.appendChild(document.createElement('div'));
    const remoteRoot = render(<Page head={{ title: 'Style' }} />, { container: remote });
    // The shell's error page over the remote (an unknown style), declared after it.
    const errorRoot = render(<Page head={{ title: 'Page Not Found' }} />, { container: shell });
    expect(document.title).toBe('Page Not Found · ArtToy Club');
    // The remote's head changing keeps its place under the error page.
    remoteRoot.rerender(<Page head={{ title: 'Kawaii Pop' }} />);
    expect(document.title).toBe('Page Not Found · ArtToy Club');
    errorRoot.unmount();
    expect(document.title).toBe('Kawaii Pop · ArtToy Club');
    // A remote unmounted after the next page has mounted (its parcel unmounts later) leaves that page's head.
    const next = render(<Page head={{ title: 'Blog' }} />, {
      container: document.body.appendChild(document.createElement('div')),
    });
    remoteRoot.unmount();
    expect(document.title).toBe('Blog · ArtToy Club');
    next.unmount();
    expect(document.title).toBe('ArtToy Club');
  });
});
