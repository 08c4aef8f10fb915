import type { RouteIdOf } from '@arttoy/shared/contracts';

/** Page titles of the routes this remote owns (shown until a page knows the name of what it shows). */
export const PAGE_TITLES: Record<RouteIdOf<'mf_gallery'>, string> = {
  gallery: 'Gallery',
  'gallery-path': 'Gallery item',
  'gallery-style-style': 'Style',
  'gallery-series-style': 'Series',
  'gallery-style-detail-detail': 'Figure',
};
