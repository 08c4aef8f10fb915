/** URLs the catalogue hands out, relative to where the API is mounted (`/api`). */
import { BOX_ART_VERSION } from '../box-art';
import { ART_VERSION } from '../figure-art';

export interface CatalogueUrls {
  /**
   * The figure's SVG; the version makes the URL immutable, so it is cached for a year. A hidden
   * secret's art answers only with its key (figures.art_key), which only its owners' answers carry.
   */
  figureArt(slug: string, key?: string): string;
  /** The one picture of every hidden secret: the same URL for all, so it names none. */
  hiddenSecretArt(): string;
  /** A box model's packaging SVG, versioned the same way. */
  boxArt(id: number): string;
}

export function catalogueUrls(prefix: string): CatalogueUrls {
  return {
    figureArt: (slug, key) =>
      `${prefix}/figures/${encodeURIComponent(slug)}/art.svg?v=${ART_VERSION}${key ? `&key=${encodeURIComponent(key)}` : ''}`,
    hiddenSecretArt: () => `${prefix}/figures/secret.svg?v=${ART_VERSION}`,
    boxArt: (id) => `${prefix}/box-models/${id}/art.svg?v=${BOX_ART_VERSION}`,
  };
}
