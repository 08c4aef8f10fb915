import type { LatestBuild } from '@arttoy/shared/contracts';
import { canaryBucket, chooseBuild, isVisitorId, newVisitorId } from './choose-build';

const STABLE = '20261127000000-aaaaaaaa';
const CANDIDATE = '20261127000000-cccccccc';
const PREVIEW = '20261127000000-pppppppp';

function production(percent: number | null, release = 'release-canary-0001'): LatestBuild {
  return {
    id: STABLE,
    timestamp: 1,
    ...(percent === null
      ? {}
      : {
          canary: {
            app: 'mf_rules',
            id: CANDIDATE,
            percent,
            release,
            startedAt: 1,
            windowMs: 60_000,
            margin: 0.02,
            minViews: 10,
          },
        }),
  };
}

/** Visitor ids as the site makes them. */
const visitors = Array.from({ length: 2000 }, () => newVisitorId());

const candidateShare = (pointer: LatestBuild) =>
  visitors.filter(
    (visitorId) => chooseBuild({ production: pointer, preview: null, visitorId }).id === CANDIDATE,
  ).length / visitors.length;

describe('the build a visitor is served', () => {
  it('is the stable build, shareable, when nothing is in play', () => {
    expect(chooseBuild({ production: production(null), preview: null, visitorId: visitors[0]! })).toEqual({
      id: STABLE,
      channel: 'stable',
      personal: false,
    });
  });

  it.each([
    [0, 0, 0],
    [50, 0.45, 0.55],
    [100, 1, 1],
  ])('goes to the canary for a %i%% share of visitors', (percent, low, high) => {
    const share = candidateShare(production(percent));
    expect(share).toBeGreaterThanOrEqual(low);
    expect(share).toBeLessThanOrEqual(high);
  });

  it('is the same for a visitor on every request of one canary, and dealt again for a new canary', () => {
    const first = visitors.map((visitorId) =>
      chooseBuild({ production: production(50), preview: null, visitorId }),
    );
    const again = visitors.map((visitorId) =>
      chooseBuild({ production: production(50), preview: null, visitorId }),
    );
    expect(again).toEqual(first);
    const nextCanary = visitors.map(
      (visitorId) =>
        chooseBuild({ production: production(50, 'release-canary-0002'), preview: null, visitorId }).id,
    );
    const moved = nextCanary.filter((id, index) => id !== first[index]!.id).length / visitors.length;
    // Independent deals: about half of the visitors change sides.
    expect(moved).toBeGreaterThan(0.4);
    expect(moved).toBeLessThan(0.6);
  });

  it('marks every document private while a canary runs, the stable ones too', () => {
    const choices = visitors
      .slice(0, 50)
      .map((visitorId) => chooseBuild({ production: production(50), preview: null, visitorId }));
    expect(new Set(choices.map((choice) => choice.channel))).toEqual(new Set(['stable', 'canary']));
    expect(choices.every((choice) => choice.personal)).toBe(true);
  });

  it("is a preview link's build for its holder, whatever the canary", () => {
    expect(
      chooseBuild({
        production: production(100),
        preview: { env: 'preview', build: PREVIEW, exp: 2 },
        visitorId: visitors[0]!,
      }),
    ).toEqual({ id: PREVIEW, channel: 'preview', personal: true });
  });

  it('buckets from 0 to 99, the same for the same visitor and release', () => {
    const buckets = visitors.map((visitorId) => canaryBucket(visitorId, 'release-canary-0001'));
    expect(Math.min(...buckets)).toBe(0);
    expect(Math.max(...buckets)).toBe(99);
    expect(canaryBucket(visitors[0]!, 'release-canary-0001')).toBe(buckets[0]);
  });

  it('makes visitor ids that it takes back, and refuses anything else', () => {
    expect(visitors.every(isVisitorId)).toBe(true);
    expect(new Set(visitors).size).toBe(visitors.length);
    for (const bad of [null, '', 'short', 'has spaces in it, sixteen+', 'x'.repeat(65)])
      expect(isVisitorId(bad)).toBe(false);
  });
});
