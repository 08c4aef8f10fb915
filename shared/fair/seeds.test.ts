import { createHash } from 'node:crypto';
import {
  clientSeedProblem,
  createClientSeed,
  createServerSeed,
  hashServerSeed,
  SEED_HASH_PATTERN,
  SERVER_SEED_PATTERN,
} from './seeds';

describe('seeds', () => {
  it('hashes the seed bytes with SHA-256 (known vector)', () => {
    expect(hashServerSeed('00'.repeat(32))).toBe(
      '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925',
    );
  });

  it('hashes like Node crypto over the decoded bytes, upper or lower case', () => {
    const seed = createServerSeed();
    const expected = createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex');
    expect(hashServerSeed(seed)).toBe(expected);
    expect(hashServerSeed(seed.toUpperCase())).toBe(expected);
    expect(expected).toMatch(SEED_HASH_PATTERN);
  });

  it('creates fresh valid seeds', () => {
    const seeds = new Set(Array.from({ length: 50 }, () => createServerSeed()));
    expect(seeds.size).toBe(50);
    for (const seed of seeds) expect(seed).toMatch(SERVER_SEED_PATTERN);
    const clientSeed = createClientSeed();
    expect(clientSeed).toMatch(/^[0-9a-f]{16}$/);
    expect(clientSeedProblem(clientSeed)).toBeNull();
    expect(createClientSeed()).not.toBe(clientSeed);
  });

  it('explains a bad client seed', () => {
    expect(clientSeedProblem('my-lucky_seed.2026')).toBeNull();
    expect(clientSeedProblem('')).toMatch(/Enter a client seed/);
    expect(clientSeedProblem('ünïcode')).toMatch(/only contain/);
  });
});
