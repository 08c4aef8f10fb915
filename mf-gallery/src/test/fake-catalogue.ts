/**
 * A stand-in for the catalogue API at the HTTP boundary (jest only): `fetch` answers the gallery's
 * GET requests from a small catalogue, with the API's shapes, filters, sorts and pages, and can be
 * told to fail. Everything above fetch (the shared client, zod validation, the pages) is real.
 */
import type {
  BoxModelDetail,
  Figure,
  FigureMarket,
  FigureRarity,
  MyListing,
  Order,
  SeriesAsks,
  SeriesSummary,
  Style,
} from '@arttoy/shared/contracts/api';

const art = (slug: string) => `/api/figures/${slug}/art.svg?v=1`;
const title = (slug: string) =>
  slug.replace(
    /(^|-)([a-z])/g,
    (_match, dash: string, letter: string) => `${dash ? ' ' : ''}${letter.toUpperCase()}`,
  );

interface SeedSeries {
  slug: string;
  style: string;
  releasedOn: string;
  figures: string[];
  boxes: number[];
}

const STYLES = ['kawaii-pop', 'retro-mecha', 'empty-style'];
/** Eight series (two pages of six on the landing), the first two of kawaii-pop with boxes 1 and 2. */
const SERIES: SeedSeries[] = [
  {
    slug: 'cloud-bakery',
    style: 'kawaii-pop',
    releasedOn: '2024-03-15',
    figures: ['croissant-cub', 'macaron-mouse', 'golden-souffle'],
    boxes: [1, 2],
  },
  {
    slug: 'pastel-picnic',
    style: 'kawaii-pop',
    releasedOn: '2024-09-01',
    figures: ['jam-jar-fox', 'rainbow-ghost'],
    boxes: [],
  },
  ...['tin-guardians', 'star-courier', 'bolt-buddies', 'gear-garden', 'rust-rangers', 'moon-miners'].map(
    (slug, index) => ({
      slug,
      style: 'retro-mecha',
      releasedOn: `2025-0${index + 1}-10`,
      figures: [`${slug}-one`, `${slug}-secret`],
      boxes: [index + 3],
    }),
  ),
];

function figuresOf(series: SeedSeries): Figure[] {
  return series.figures.map((slug, index) => ({
    id: SERIES.indexOf(series) * 100 + index + 1,
    slug,
    name: title(slug),
    description: `${title(slug)} of ${title(series.slug)}.`,
    number: index + 1,
    rarity: (index === series.figures.length - 1 ? 'secret' : 'regular') as FigureRarity,
    heightMm: 70,
    artUrl: art(slug),
    series: { slug: series.slug, name: title(series.slug) },
    style: { slug: series.style, name: title(series.style) },
  }));
}

const summaryOf = (series: SeedSeries): SeriesSummary => ({
  id: SERIES.indexOf(series) + 1,
  slug: series.slug,
  name: title(series.slug),
  description: `The ${title(series.slug)} series.`,
  releasedOn: series.releasedOn,
  style: { slug: series.style, name: title(series.style) },
  figureCount: series.figures.length,
  coverArtUrl: art(series.figures[0]!),
});

const styleOf = (slug: string): Style => {
  const first = SERIES.find((series) => series.style === slug);
  return {
    id: STYLES.indexOf(slug) + 1,
    slug,
    name: title(slug),
    description: `All about ${title(slug)}.`,
    seriesCount: SERIES.filter((series) => series.style === slug).length,
    coverArtUrl: first ? art(first.figures[0]!) : null,
  };
};

function boxOf(id: number): BoxModelDetail | null {
  const series = SERIES.find((candidate) => candidate.boxes.includes(id));
  if (!series) return null;
  const figures = figuresOf(series);
  const secretPpm = id === 2 ? 13_889 : 6_944;
  const regular = figures.filter((figure) => figure.rarity === 'regular');
  const regularPpm = Math.floor((1_000_000 - secretPpm) / regular.length);
  return {
    id,
    slug: `${series.slug}-box-${id}`,
    name: id === 2 ? `${title(series.slug)} Secret Hunter Box` : `${title(series.slug)} Blind Box`,
    description: 'One random figure.',
    artUrl: `/api/box-models/${id}/art.svg?v=1`,
    price: { amountMinor: id === 2 ? 1999 : 1299, currency: 'USD' },
    series: { slug: series.slug, name: title(series.slug) },
    style: { slug: series.style, name: title(series.style) },
    stock: 100,
    odds: figures.map((figure, index) => {
      const oddsPpm =
        figure.rarity === 'secret'
          ? secretPpm
          : index === 0
            ? 1_000_000 - secretPpm - regularPpm * (regular.length - 1)
            : regularPpm;
      return { figure, oddsPpm, odds: oddsPpm / 1_000_000, stock: 10 };
    }),
  };
}

function page<T>(items: T[], params: URLSearchParams) {
  const number = Number(params.get('page') ?? 1);
  const size = Number(params.get('pageSize') ?? 24);
  return {
    items: items.slice((number - 1) * size, number * size),
    page: number,
    pageSize: size,
    total: items.length,
    totalPages: Math.ceil(items.length / size),
  };
}

export type Answer = { status: number; body: unknown };
const notFound = (what: string): Answer => ({
  status: 404,
  body: { error: { code: 'not_found', message: `${what} does not exist.` } },
});

/** What the market answers: per figure slug, per series slug, and to an order of a listing. */
export interface FakeMarket {
  figures: Record<string, Omit<FigureMarket, 'figureId'>>;
  asks: Record<string, SeriesAsks['items']>;
  /** POST /api/listings/:id/orders; 404 unless a test says otherwise. */
  order: (listingId: number, headers: Headers) => Answer;
  /** The signed-in buyer's orders (GET /api/orders), newest first. */
  myOrders: Order[];
  /** The signed-in seller's listings (GET /api/me/listings). */
  myListings: MyListing[];
  /** PATCH or DELETE /api/listings/:id (a seller's change): 404 unless a test says otherwise. */
  change: (method: string, listingId: number, body: unknown) => Answer;
}

const emptyMarket = (): FakeMarket => ({
  figures: {},
  asks: {},
  order: (id) => notFound(`Listing ${id}`),
  myOrders: [],
  myListings: [],
  change: (_method, id) => notFound(`Listing ${id}`),
});

function marketAnswer(url: URL, market: FakeMarket): Answer {
  const [, , , what, slug] = url.pathname.split('/');
  if (what === 'asks')
    return { status: 200, body: { items: market.asks[url.searchParams.get('series') ?? ''] ?? [] } };
  const figure = SERIES.flatMap(figuresOf).find((candidate) => candidate.slug === slug);
  if (what !== 'figures' || !figure) return notFound(url.pathname);
  const none = { listings: [], sales: [], lastPrice: null, lowestPrice: null, medianPrice: null };
  return { status: 200, body: { figureId: figure.id, ...(market.figures[figure.slug] ?? none) } };
}

function answer(url: URL, market: FakeMarket): Answer {
  const params = url.searchParams;
  const [, , resource, slug] = url.pathname.split('/');
  if (resource === 'market') return marketAnswer(url, market);
  if (resource === 'orders' && !slug) return { status: 200, body: page(market.myOrders, params) };
  if (resource === 'me' && slug === 'listings') return { status: 200, body: { items: market.myListings } };
  if (resource === 'styles' && !slug) return { status: 200, body: page(STYLES.map(styleOf), params) };
  if (resource === 'styles') {
    if (!STYLES.includes(slug!)) return notFound(`Style "${slug}"`);
    return {
      status: 200,
      body: { ...styleOf(slug!), series: SERIES.filter((series) => series.style === slug).map(summaryOf) },
    };
  }
  if (resource === 'series' && !slug) {
    let list = [...SERIES];
    if (params.get('onSale') === 'true') list = list.filter((series) => series.boxes.length > 0);
    if (params.get('sort') === 'newest') list.sort((a, b) => b.releasedOn.localeCompare(a.releasedOn));
    return { status: 200, body: page(list.map(summaryOf), params) };
  }
  if (resource === 'series') {
    const series = SERIES.find((candidate) => candidate.slug === slug);
    if (!series) return notFound(`Series "${slug}"`);
    return {
      status: 200,
      body: {
        ...summaryOf(series),
        figures: figuresOf(series),
        boxModels: series.boxes.map((id) => {
          const { odds: _odds, ...box } = boxOf(id)!;
          return box;
        }),
      },
    };
  }
  if (resource === 'figures' && !slug) {
    let list = SERIES.filter((series) => !params.get('style') || series.style === params.get('style'))
      .filter((series) => !params.get('series') || series.slug === params.get('series'))
      .flatMap(figuresOf)
      .filter((figure) => !params.get('rarity') || figure.rarity === params.get('rarity'));
    if (params.get('sort') === 'name') list = list.toSorted((a, b) => a.name.localeCompare(b.name));
    return { status: 200, body: page(list, params) };
  }
  if (resource === 'figures') {
    const figure = SERIES.flatMap(figuresOf).find((candidate) => candidate.slug === slug);
    return figure ? { status: 200, body: figure } : notFound(`Figure "${slug}"`);
  }
  if (resource === 'gallery-paths') {
    if (SERIES.flatMap(figuresOf).some((figure) => figure.slug === slug))
      return { status: 200, body: { kind: 'figure', slug } };
    if (SERIES.some((series) => series.slug === slug)) return { status: 200, body: { kind: 'series', slug } };
    return notFound(`Figure or series "${slug}"`);
  }
  if (resource === 'box-models') {
    const box = boxOf(Number(slug));
    return box ? { status: 200, body: box } : notFound(`Box model ${slug}`);
  }
  return notFound(url.pathname);
}

export interface FakeCatalogue {
  /** Every URL asked for, in order (path and query). */
  requested: string[];
  /** Every request that was not a GET, with its headers. */
  posted: Array<{ method: string; path: string; headers: Headers }>;
  /** The market's answers, changed by tests (empty to begin with). */
  market: FakeMarket;
  /** The requests answered with an error status, as `<status> <path and query>`. */
  failed: string[];
  /** The next `times` requests whose path and query start with `prefix` answer `status` (0: the network fails). */
  fail: (prefix: string, status: number, times?: number) => void;
}

/** Installs the stand-in as `fetch`. */
export function serveCatalogue(): FakeCatalogue {
  const requested: string[] = [];
  const posted: FakeCatalogue['posted'] = [];
  const failed: string[] = [];
  const failures: Array<{ prefix: string; status: number; left: number }> = [];
  const market = emptyMarket();
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://gallery.test',
    );
    const asked = `${url.pathname}${url.search}`;
    const method = (init.method ?? 'GET').toUpperCase();
    requested.push(asked);
    if (method !== 'GET') posted.push({ method, path: asked, headers: new Headers(init.headers) });
    const failure = failures.find((candidate) => candidate.left > 0 && asked.startsWith(candidate.prefix));
    if (failure) failure.left -= 1;
    // Status 0: the server was never reached (offline, a dropped connection).
    if (failure?.status === 0) throw new TypeError('Failed to fetch');
    const ordered = /^\/api\/listings\/(\d+)\/orders$/.exec(url.pathname);
    const changed = /^\/api\/listings\/(\d+)$/.exec(url.pathname);
    const { status, body } = failure
      ? {
          status: failure.status,
          body: { error: { code: 'internal', message: 'The catalogue is resting.' } },
        }
      : method === 'POST' && ordered
        ? market.order(Number(ordered[1]), new Headers(init.headers))
        : method !== 'GET' && changed
          ? market.change(
              method,
              Number(changed[1]),
              typeof init.body === 'string' ? JSON.parse(init.body) : null,
            )
          : answer(url, market);
    if (status >= 400) failed.push(`${status} ${asked}`);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return {
    requested,
    posted,
    market,
    failed,
    fail: (prefix, status, times = 1) => void failures.push({ prefix, status, left: times }),
  };
}
