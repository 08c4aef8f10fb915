/** Order references: `AT` + 16 random upper-case letters and digits (~82 bits), unguessable. */
import { randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newOrderSn(): string {
  let sn = 'AT';
  for (let index = 0; index < 16; index += 1) sn += ALPHABET[randomInt(ALPHABET.length)];
  return sn;
}
