import { verifyDraw } from './verify';
import { FairInputError } from './errors';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const HASH = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';
const LINES = [
  { figureId: 1, oddsPpm: 500_000 },
  { figureId: 2, oddsPpm: 500_000 },
];
// Roll 282 372 (roll.test.ts) → figure 1.
const PROOF = {
  serverSeed: SEED,
  serverSeedHash: HASH,
  clientSeed: 'client',
  nonce: 0,
  lines: LINES,
  rollPpm: 282_372,
  figureId: 1,
};

describe('verifyDraw', () => {
  it('confirms a recorded draw', () => {
    const verification = verifyDraw(PROOF);
    expect(verification.valid).toBe(true);
    expect(verification.checks).toEqual({ serverSeedHash: true, rollPpm: true, figureId: true });
    expect(verification.serverSeedHash).toBe(HASH);
  });

  it.each([
    ['serverSeedHash', { serverSeedHash: '0'.repeat(64) }],
    ['rollPpm', { rollPpm: 282_373 }],
    ['figureId', { figureId: 2 }],
  ])('catches a %s that does not match', (field, change) => {
    const verification = verifyDraw({ ...PROOF, ...change });
    expect(verification.valid).toBe(false);
    expect(verification.checks[field as keyof typeof verification.checks]).toBe(false);
  });

  it('re-computes without recorded values and accepts an upper-case hash', () => {
    const verification = verifyDraw({
      serverSeed: SEED,
      clientSeed: 'client',
      nonce: 0,
      lines: LINES,
      serverSeedHash: HASH.toUpperCase(),
    });
    expect(verification.checks).toEqual({ serverSeedHash: true, rollPpm: null, figureId: null });
    expect(verification.result.figureId).toBe(1);
  });

  it('says what is wrong with a malformed proof', () => {
    expect(() => verifyDraw({ ...PROOF, serverSeed: 'nope' })).toThrow(FairInputError);
  });
});
