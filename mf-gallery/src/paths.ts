/**
 * The gallery's URLs, relative to its basename (`/gallery`): react-router's `<Link>` inside the
 * remote adds the basename. Links to other apps use `SHELL_PATHS` through the shell's navigator.
 */
export const galleryPaths = {
  landing: (page = 1) => (page > 1 ? `/?page=${page}` : '/'),
  style: (slug: string, search = '') => `/style/${slug}${search}`,
  series: (slug: string) => `/series/${slug}`,
  figure: (slug: string) => `/style/detail/${slug}`,
};

/** Absolute paths owned by other apps. */
export const SHELL_PATHS = {
  boxes: () => '/mysterybox',
  box: (id: number) => `/mysterybox/${id}`,
  /** Sign-in, then back to `back` (a site path: mf-account's `return_to`). */
  login: (back: string) => `/login?return_to=${encodeURIComponent(back)}`,
  /** mf-mysterybox's pay page for an order (it reads `?order=`). */
  payOrder: (orderSn: string) => `/payment/order_pay?order=${encodeURIComponent(orderSn)}`,
};
