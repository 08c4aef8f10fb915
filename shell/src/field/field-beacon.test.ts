import type { FieldReport } from '@arttoy/shared/contracts/api';
import { FieldBeacon, type FieldPage } from './field-beacon';

const rules: FieldPage = {
  route: '/rules/:page',
  build: 'build-000001',
  versions: { shell: 's1', mf_rules: 'r1' },
};
const gallery: FieldPage = {
  route: '/gallery',
  build: 'build-000001',
  versions: { shell: 's1', mf_gallery: 'g1' },
};

function beaconWithClock() {
  const sent: FieldReport[] = [];
  const timers: { task: () => void; ms: number; cancelled: boolean }[] = [];
  const beacon = new FieldBeacon({
    send: (report) => (sent.push(report), true),
    schedule: (task, ms) => {
      const timer = { task, ms, cancelled: false };
      timers.push(timer);
      return timer;
    },
    cancel: (timer) => void ((timer as (typeof timers)[number]).cancelled = true),
  });
  const fire = () =>
    timers.filter((timer) => !timer.cancelled).forEach((timer) => ((timer.cancelled = true), timer.task()));
  const pending = () => timers.filter((timer) => !timer.cancelled).map((timer) => timer.ms);
  return { beacon, sent, fire, pending };
}

describe('FieldBeacon', () => {
  it('batches the views of one page, sent after a while or when the page changes', () => {
    const { beacon, sent, fire, pending } = beaconWithClock();
    beacon.view(rules);
    beacon.view({ ...rules, versions: { ...rules.versions } });
    expect(sent).toEqual([]);
    expect(pending()).toEqual([10_000]);
    beacon.view(gallery);
    expect(sent).toEqual([{ ...rules, views: 2, errors: [] }]);
    fire();
    expect(sent).toEqual([
      { ...rules, views: 2, errors: [] },
      { ...gallery, views: 1, errors: [] },
    ]);
  });

  it('sends errors sooner than views, cleaned, with the views of their page', () => {
    const { beacon, sent, fire, pending } = beaconWithClock();
    beacon.view(rules);
    beacon.error(
      'mf_rules',
      'r1',
      'remote',
      'Error: mount failed at https://x.test/mf-rules/r1/a.js?t=secret',
    );
    expect(pending()).toEqual([1_000]);
    fire();
    expect(sent).toEqual([
      {
        ...rules,
        views: 1,
        errors: [
          {
            app: 'mf_rules',
            version: 'r1',
            kind: 'remote',
            message: 'Error: mount failed at https://x.test/mf-rules/r1/a.js',
          },
        ],
      },
    ]);
  });

  it('reports an error of an app that is not on the page apart, with no page view for it', () => {
    const { beacon, sent } = beaconWithClock();
    beacon.view(rules);
    beacon.error('mf_gallery', 'g1', 'uncaught', 'prefetched code failed');
    beacon.flush();
    expect(sent).toEqual([
      { ...rules, views: 1, errors: [] },
      {
        route: rules.route,
        build: rules.build,
        versions: { mf_gallery: 'g1' },
        views: 0,
        errors: [{ app: 'mf_gallery', version: 'g1', kind: 'uncaught', message: 'prefetched code failed' }],
      },
    ]);
  });

  it('sends a full batch at once, and nothing when there is nothing', () => {
    const { beacon, sent } = beaconWithClock();
    beacon.flush();
    beacon.error('mf_rules', 'r1', 'remote', 'before any page');
    beacon.flush();
    expect(sent).toEqual([]);
    beacon.view(rules);
    for (let i = 0; i < 20; i += 1) beacon.error('mf_rules', 'r1', 'uncaught', `error ${i}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.errors).toHaveLength(20);
  });

  it("sends the page load's vitals with its page's next report, starting no timer of their own", () => {
    const { beacon, sent, pending } = beaconWithClock();
    beacon.view(rules);
    beacon.vital(rules, { name: 'TTFB', value: 120, phase: 'waiting' });
    beacon.vital(rules, { name: 'LCP', value: 900, phase: 'render-delay', target: 'h1' });
    // A metric reported again replaces its value: one of each per page load.
    beacon.vital(rules, { name: 'LCP', value: 950, phase: 'render-delay', target: 'h1' });
    expect(pending()).toEqual([10_000]);
    beacon.flush();
    expect(sent).toEqual([
      {
        ...rules,
        views: 1,
        errors: [],
        vitals: [
          { name: 'TTFB', value: 120, phase: 'waiting' },
          { name: 'LCP', value: 950, phase: 'render-delay', target: 'h1' },
        ],
      },
    ]);
    beacon.flush();
    expect(sent).toHaveLength(1);
  });

  it('sends vitals that come after the visitor moved on in a report of the first page, with no views', () => {
    const { beacon, sent } = beaconWithClock();
    beacon.view(rules);
    beacon.view(gallery);
    beacon.vital(rules, { name: 'CLS', value: 0.02, phase: 'complete' });
    beacon.vital(rules, { name: 'INP', value: 64, phase: 'processing', target: 'button' });
    beacon.flush();
    expect(sent).toEqual([
      { ...rules, views: 1, errors: [] },
      {
        ...rules,
        views: 0,
        errors: [],
        vitals: [
          { name: 'CLS', value: 0.02, phase: 'complete' },
          { name: 'INP', value: 64, phase: 'processing', target: 'button' },
        ],
      },
      { ...gallery, views: 1, errors: [] },
    ]);
  });
});
