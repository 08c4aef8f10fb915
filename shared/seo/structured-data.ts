/**
 * schema.org objects for pages' heads (usePageHead's `structuredData`, written as JSON-LD by the
 * site server). URLs may be origin-relative: the site server makes them absolute with SITE_ORIGIN.
 * Pure functions, bundled into the apps that use them.
 */
import type { BoxModelSummary, Figure, Money } from '../contracts/api';
import { currencyDigits } from '../contracts/format';

type Thing = Readonly<Record<string, unknown>>;
const CONTEXT = 'https://schema.org';

/** A price in the currency's major units, as schema.org wants it ("12.99" for 1 299 cents). */
export function schemaPrice({ amountMinor, currency }: Money): string {
  const digits = currencyDigits(currency);
  return (amountMinor / 10 ** digits).toFixed(digits);
}

const availability = (inStock: boolean): string => `${CONTEXT}/${inStock ? 'InStock' : 'OutOfStock'}`;

/** The trail from the gallery to the page: [name, site path] from the top down. */
export function breadcrumbList(trail: ReadonlyArray<readonly [name: string, path: string]>): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: path,
    })),
  };
}

/** A mystery box: a product with its one offer (price, and whether any box is left). */
export function boxProduct(box: BoxModelSummary, image: string | undefined): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: box.name,
    description: box.description,
    sku: `box-${box.id}`,
    ...(image ? { image } : {}),
    brand: { '@type': 'Brand', name: box.series.name },
    category: box.style.name,
    offers: {
      '@type': 'Offer',
      url: `/mysterybox/${box.id}`,
      price: schemaPrice(box.price),
      priceCurrency: box.price.currency,
      availability: availability(box.stock > 0),
    },
  };
}

/** What collectors ask for a figure: the lowest open ask and the figure's page, where it is bought. */
export interface CollectorAsk {
  lowestAsk: Money;
  path: string;
}

/**
 * A figure: a product offered through the boxes of its series (from the cheapest box's price; in
 * stock while any of them has a box left), and by collectors when one has it listed (an Offer at
 * the lowest ask, in stock: a listing is one figure ready to ship).
 */
export function figureProduct(
  figure: Figure,
  boxes: readonly BoxModelSummary[],
  collectors: CollectorAsk | null = null,
): Thing {
  const prices = boxes.map((box) => box.price);
  const cheapest = prices.toSorted((a, b) => a.amountMinor - b.amountMinor)[0];
  const offers: Thing[] = [
    ...(cheapest
      ? [
          {
            '@type': 'AggregateOffer',
            lowPrice: schemaPrice(cheapest),
            priceCurrency: cheapest.currency,
            offerCount: boxes.length,
            availability: availability(boxes.some((box) => box.stock > 0)),
          },
        ]
      : []),
    ...(collectors
      ? [
          {
            '@type': 'Offer',
            url: collectors.path,
            price: schemaPrice(collectors.lowestAsk),
            priceCurrency: collectors.lowestAsk.currency,
            availability: availability(true),
          },
        ]
      : []),
  ];
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: figure.name,
    description: figure.description,
    sku: figure.slug,
    image: figure.artUrl,
    brand: { '@type': 'Brand', name: figure.series.name },
    category: figure.style.name,
    // One offer is written as itself, as before collectors' asks were part of it.
    ...(offers.length > 0 ? { offers: offers.length === 1 ? offers[0] : offers } : {}),
  };
}

/** A blog post. */
export function article(post: {
  title: string;
  description: string;
  date: string;
  updated: string;
  author: string | null;
  cover: string | null;
  path: string;
}): Thing {
  return {
    '@context': CONTEXT,
    '@type': 'Article',
    headline: post.title,
    description: post.description,
    datePublished: post.date,
    dateModified: post.updated,
    mainEntityOfPage: post.path,
    author: { '@type': post.author ? 'Person' : 'Organization', name: post.author ?? 'ArtToy Club' },
    ...(post.cover ? { image: post.cover } : {}),
  };
}
