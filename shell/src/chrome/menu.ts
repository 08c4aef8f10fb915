/** The drawer's entries, in the spec's order (§2). */
export const DRAWER_ENTRIES = [
  { label: 'Home', to: '/' },
  { label: 'Mystery Box', to: '/mysterybox' },
  { label: 'Gallery', to: '/gallery' },
  { label: 'blog', to: '/blog' },
  { label: 'Help Center', to: '/help' },
] as const;

/** The signed-in visitor's own pages, in the drawer's account section. */
export const ACCOUNT_ENTRIES = [
  { label: 'My orders', to: '/orders' },
  { label: 'Profile', to: '/profile' },
] as const;

/** The footer's internal links, with the spec's labels. */
export const FOOTER_LINKS = [
  { to: '/', label: 'About' },
  { to: '/rules/customer_service_center', label: 'Help Center' },
  { to: '/rules/shipping_and_refund', label: 'Shipping & Refund' },
  { to: '/blog/list', label: 'Blog' },
  { to: '/rules/authenticity', label: 'Authentication' },
  { to: '/rules/terms_of_service', label: 'Terms of Service' },
  { to: '/rules/privacy_policy', label: 'Privacy' },
] as const;

/** The apps and the community elsewhere; these open in a new tab. */
export const APP_STORE_LINKS = [
  { label: 'Get it on Google Play', href: 'https://play.google.com/store/apps/details?id=club.arttoy.app' },
  { label: 'Download on the App Store', href: 'https://apps.apple.com/app/arttoy-club/id6480000000' },
] as const;

export const SOCIAL_LINKS = [
  { label: 'Instagram', href: 'https://www.instagram.com/arttoyclub' },
  { label: 'TikTok', href: 'https://www.tiktok.com/@arttoyclub' },
  { label: 'Facebook', href: 'https://www.facebook.com/arttoyclub' },
  { label: 'Threads', href: 'https://www.threads.net/@arttoyclub' },
] as const;
