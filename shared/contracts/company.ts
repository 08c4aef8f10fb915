/**
 * The company behind the site, as receipts and the footer name it: who sells the boxes and the
 * ship-outs, and through whom collectors sell to each other. The page's host name is never its
 * address (a preview or a local build would print "localhost:3000" on a receipt).
 */
import { SITE_NAME } from './page-head';

export const COMPANY = {
  /** The name a buyer knows the site by. */
  name: SITE_NAME,
  /** The company's registered name, for receipts. */
  legalName: 'ArtToy Club, Inc.',
  /** Its postal address, one line a row. */
  address: ['548 Market Street, Suite 300', 'San Francisco, CA 94104', 'United States'],
  /** Its web address, as printed. */
  website: 'arttoy.club',
} as const;
