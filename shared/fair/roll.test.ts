import { createHmac } from 'node:crypto';
import { computeRoll, createRoller, ROLL_ACCEPT_BELOW, ROLL_SCALE } from './roll';
import { FairInputError } from './errors';

const ZERO_SEED = '00'.repeat(32);
const COUNTING_SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

describe('computeRoll', () => {
  // Computed independently (Python's hmac + struct) from the rule written in roll.ts.
  it.each([
    [ZERO_SEED, 'client', 0, 603_506, '4fc977f29b0cc7a5ffbebd1c6be6f711add11c42972691b9b9fc0bf9cf0622e2'],
    [ZERO_SEED, 'client', 1, 319_121, 'a52ef951fa767233d93dfd094ce9a379c1223ca5dc8546f2814ba633bd31435e'],
    [ZERO_SEED, 'lucky-7', 42, 67_073, '1b2f08010a970fd5b464759b604c65c4b5066fa594def3e0caad36d93ecae465'],
    [COUNTING_SEED, 'client', 0, 282_372, '5d0f47440d2bd6ec18ede47557b41fc0c8fe5506c1abc729c06806c41cdf529d'],
    [
      COUNTING_SEED,
      'lucky-7',
      42,
      705_798,
      'b74449868da66dbd358ef145e958d45e9c4d2f87e4c137933d9165e219d030ed',
    ],
  ])('matches the known vector for %s / %s / %i', (seed, clientSeed, nonce, rollPpm, hmac) => {
    expect(computeRoll(seed, clientSeed, nonce)).toEqual({ rollPpm, hmac });
  });

  it('skips a first word at or above the acceptance limit (no modulo bias) and reads the next', () => {
    // Nonce 573 is the first whose first word (4 294 850 366) is rejected; the second word decides.
    const roll = computeRoll(COUNTING_SEED, 'client', 573);
    const block = Buffer.from(roll.hmac, 'hex');
    expect(block.readUInt32BE(0)).toBeGreaterThanOrEqual(ROLL_ACCEPT_BELOW);
    expect(roll.rollPpm).toBe(block.readUInt32BE(4) % ROLL_SCALE);
    expect(roll.rollPpm).toBe(418_637);
  });

  it('keys the HMAC with the seed bytes and signs `clientSeed:nonce`, like Node crypto', () => {
    const roll = createRoller(COUNTING_SEED);
    for (let nonce = 0; nonce < 200; nonce += 1) {
      const expected = createHmac('sha256', Buffer.from(COUNTING_SEED, 'hex'))
        .update(`abc:${nonce}`)
        .digest('hex');
      expect(roll('abc', nonce).hmac).toBe(expected);
    }
  });

  it('reads an upper-case seed as the same bytes', () => {
    expect(computeRoll(COUNTING_SEED.toUpperCase(), 'client', 0)).toEqual(
      computeRoll(COUNTING_SEED, 'client', 0),
    );
  });

  it('gives the same roll for the same input and a different one for another nonce or client seed', () => {
    const first = computeRoll(ZERO_SEED, 'seed', 7);
    expect(computeRoll(ZERO_SEED, 'seed', 7)).toEqual(first);
    expect(computeRoll(ZERO_SEED, 'seed', 8).hmac).not.toBe(first.hmac);
    expect(computeRoll(ZERO_SEED, 'seeds', 7).hmac).not.toBe(first.hmac);
  });

  it('stays in [0, 1 000 000) and uses the whole range', () => {
    const roll = createRoller(ZERO_SEED);
    let low = ROLL_SCALE;
    let high = -1;
    for (let nonce = 0; nonce < 20_000; nonce += 1) {
      const { rollPpm } = roll('range', nonce);
      expect(Number.isInteger(rollPpm)).toBe(true);
      low = Math.min(low, rollPpm);
      high = Math.max(high, rollPpm);
    }
    expect(low).toBeGreaterThanOrEqual(0);
    expect(low).toBeLessThan(1_000);
    expect(high).toBeLessThan(ROLL_SCALE);
    expect(high).toBeGreaterThan(ROLL_SCALE - 1_000);
  });

  it.each([
    ['abc', 'client', 0, /64 hex digits/],
    ['zz'.repeat(32), 'client', 0, /other characters/],
    [ZERO_SEED, '', 0, /Enter a client seed/],
    [ZERO_SEED, 'has space', 0, /only contain/],
    [ZERO_SEED, 'a:b', 0, /only contain/],
    [ZERO_SEED, 'x'.repeat(65), 0, /at most 64/],
    [ZERO_SEED, 'client', -1, /whole number of 0 or more/],
    [ZERO_SEED, 'client', 1.5, /whole number of 0 or more/],
  ])('refuses seed %s / client seed %s / nonce %s with how to fix it', (seed, clientSeed, nonce, message) => {
    expect(() => computeRoll(seed, clientSeed, nonce)).toThrow(FairInputError);
    expect(() => computeRoll(seed, clientSeed, nonce)).toThrow(message);
  });
});
