/** The icons a menu entry can carry (drawer.tsx draws each). */
export type MenuIconName = 'home' | 'box' | 'gallery' | 'blog' | 'help' | 'orders' | 'profile';

/** A menu item: label, icon, route (spec §2). */
export interface MenuEntry {
  label: string;
  icon: MenuIconName;
  to: string;
}

/** The drawer's entries, in the spec's order (§2). */
export const DRAWER_ENTRIES: readonly MenuEntry[] = [
  { label: 'Home', icon: 'home', to: '/' },
  { label: 'Mystery Box', icon: 'box', to: '/mysterybox' },
  { label: 'Gallery', icon: 'gallery', to: '/gallery' },
  { label: 'blog', icon: 'blog', to: '/blog' },
  { label: 'Help Center', icon: 'help', to: '/help' },
];

/** The signed-in visitor's own pages, in the drawer's account section. */
export const ACCOUNT_ENTRIES: readonly MenuEntry[] = [
  { label: 'My orders', icon: 'orders', to: '/orders' },
  { label: 'Profile', icon: 'profile', to: '/profile' },
];

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
