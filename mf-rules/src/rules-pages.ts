import type { RouteIdOf } from '@arttoy/shared/contracts';

export type RulesRouteId = Exclude<RouteIdOf<'mf_rules'>, 'help'>;

export interface RulesPageInfo {
  id: RulesRouteId;
  /** The site path, which is also the path of its content document. */
  path: string;
  /** The name used in links and cards (the document's own title heads the page). */
  label: string;
  /** One line on the Help Center's card. */
  summary: string;
}

/** The rules pages, in the order the Help Center offers them (the customer service center first). */
export const RULES_PAGES: readonly RulesPageInfo[] = [
  {
    id: 'rules-customer_service_center',
    path: '/rules/customer_service_center',
    label: 'Customer service center',
    summary: 'Call or write to us; hours, answer times and what to have ready.',
  },
  {
    id: 'rules-shipping_and_refund',
    path: '/rules/shipping_and_refund',
    label: 'Shipping & refund',
    summary: 'Shipping from your locker, delivery times, returns and refunds.',
  },
  {
    id: 'rules-authenticity',
    path: '/rules/authenticity',
    label: 'Authenticity',
    summary: 'How every figure is checked and what its authenticity record says.',
  },
  {
    id: 'rules-terms_of_service',
    path: '/rules/terms_of_service',
    label: 'Terms of service',
    summary: 'The agreement between you and ArtToy Club, mystery boxes included.',
  },
  {
    id: 'rules-privacy_policy',
    path: '/rules/privacy_policy',
    label: 'Privacy policy',
    summary: 'What we collect, why, how long we keep it and your choices.',
  },
];
