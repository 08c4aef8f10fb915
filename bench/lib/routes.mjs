// The main routes the benchmark measures, found through the site's own API so they always exist,
// each with what its main content is (an element, and the text it must hold when data fills it).

async function json(origin, path) {
  const response = await fetch(`${origin}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json();
}

const ROUTES = [
  { name: 'home', find: async () => ({ path: '/', content: { selector: 'main h1' } }) },
  // The landing's content is its cards: the first card image painted.
  { name: 'gallery landing', find: async () => ({ path: '/gallery', content: { selector: 'main img' } }) },
  {
    name: 'series',
    find: async (origin) => {
      const { items } = await json(origin, '/api/series?pageSize=1');
      return {
        path: `/gallery/series/${items[0].slug}`,
        content: { selector: 'main h1', text: items[0].name },
      };
    },
  },
  {
    name: 'figure',
    find: async (origin) => {
      const { items } = await json(origin, '/api/figures?pageSize=1');
      return {
        path: `/gallery/style/detail/${items[0].slug}`,
        content: { selector: 'main h1', text: items[0].name },
      };
    },
  },
  {
    name: 'blog post',
    find: async (origin) => {
      const { items } = await json(origin, '/api/content/documents?dir=blog&pageSize=1');
      return { path: items[0]._path, content: { selector: 'main h1', text: items[0].title } };
    },
  },
  {
    name: 'rules page',
    find: async (origin) => {
      const { document } = await json(origin, '/api/content/document?path=/rules/authenticity');
      return { path: '/rules/authenticity', content: { selector: 'main h1', text: document.title } };
    },
  },
  {
    name: 'box page',
    find: async (origin) => {
      const { items } = await json(origin, '/api/box-models?pageSize=1');
      return { path: `/mysterybox/${items[0].id}`, content: { selector: 'main h1', text: items[0].name } };
    },
  },
];

/** The routes that exist on this build; a route the API cannot name yet is reported, not measured. */
export async function discoverRoutes(origin) {
  const found = [];
  const missing = [];
  for (const route of ROUTES) {
    try {
      found.push({ name: route.name, ...(await route.find(origin)) });
    } catch (error) {
      missing.push({ name: route.name, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return { found, missing };
}
