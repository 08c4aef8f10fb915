/** URLs the catalogue hands out, relative to where the API is mounted (`/api`). */
import { BOX_ART_VERSION } from '../box-art';
import { ART_VERSION } from '../figure-art';

export interface CatalogueUrls {
  /** The figure's SVG; the version makes the URL immutable, so it is cached for a year. */
  figureArt(slug: string): string;
  /** A box model's packaging SVG, versioned the same way. */
  boxArt(id: number): string;
}

export function catalogueUrls(prefix: string): CatalogueUrls {
  return {
    figureArt: (slug) => `${prefix}/figures/${encodeURIComponent(slug)}/art.svg?v=${ART_VERSION}`,
    boxArt: (id) => `${prefix}/box-models/${id}/art.svg?v=${BOX_ART_VERSION}`,
  };
}
