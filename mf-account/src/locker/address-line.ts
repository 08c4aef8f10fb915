import type { ShipOutAddress } from '@arttoy/shared/contracts/api';

/** "Ada Lovelace, 12 Market Street, London N1 9GU, GB": an address on one line, as a choice or a list shows it. */
export function addressLine(address: ShipOutAddress): string {
  const place = [address.city, address.region, address.postalCode].filter(Boolean).join(' ');
  return [address.name, address.line1, address.line2, place, address.country].filter(Boolean).join(', ');
}
