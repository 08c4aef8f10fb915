// The benchmark's report: results JSON, a Markdown table and an SVG chart of the per-route ratios.
import { ratioSummary, round, summary } from './stats.mjs';

const BUDGETS = { homeFirstLoadKbGzip: 120, federatedOverMonolith: 1.1, homeContentMs: 1500, warmNavigationMs: 100 };

const values = (samples, key) => samples.map((sample) => (sample.error ? Number.NaN : sample[key]));

/** Per route and build: medians with ranges; per route: the ratios of paired runs. */
export function summarise(web) {
  return web.routes.map((route, index) => {
    const byBuild = web.samples[index];
    const builds = Object.fromEntries(
      Object.entries(byBuild).map(([name, samples]) => [
        name,
        {
          contentMs: summary(values(samples, 'contentMs')),
          lcpMs: summary(values(samples, 'lcpMs')),
          jsKb: summary(values(samples, 'jsBytes').map((bytes) => bytes / 1024)),
          requests: summary(values(samples, 'requests')),
          cls: summary(values(samples, 'cls')),
          errors: samples.filter((sample) => sample.error).map((sample) => sample.error),
          contentSource: [...new Set(samples.map((sample) => sample.contentSource).filter(Boolean))],
        },
      ]),
    );
    return {
      name: route.name,
      path: route.path,
      builds,
      federatedOverMonolith: ratioSummary(values(byBuild.federated, 'contentMs'), values(byBuild.monolith, 'contentMs')),
      federatedOverStatic: ratioSummary(values(byBuild.federated, 'contentMs'), values(byBuild.static, 'contentMs')),
      lighthouse: web.lighthouse[route.path] ?? null,
    };
  });
}

export function budgets(rows, web) {
  const home = rows.find((row) => row.path === '/');
  const warm = summary(web.warm.federated);
  const worstRatio = Math.max(...rows.map((row) => row.federatedOverMonolith.median ?? 0));
  const check = (name, measured, limit, unit) => ({ name, measured: round(measured, 2), limit, unit, met: measured !== null && measured <= limit });
  return [
    check('home first-load JavaScript (gzip -9)', web.homeFirstLoadKbGzip, BUDGETS.homeFirstLoadKbGzip, 'KB'),
    check('federated/monolith, worst route (median)', worstRatio, BUDGETS.federatedOverMonolith, '×'),
    check('home main content, throttled (median)', home?.builds.federated.contentMs.median ?? null, BUDGETS.homeContentMs, 'ms'),
    check('warm navigation (median)', warm.median, BUDGETS.warmNavigationMs, 'ms'),
  ];
}

const ms = (stat) => (stat.median === null ? '–' : `${Math.round(stat.median)}`);
const ratio = (stat) => (stat.median === null ? '–' : `${stat.median.toFixed(2)} (${stat.min.toFixed(2)}–${stat.max.toFixed(2)})`);
const kb = (stat) => (stat.median === null ? '–' : stat.median.toFixed(1));

export function markdown(result) {
  const lines = [
    `Runs: ${result.runs} per build and route, alternated A B C, one at a time; ${result.throttling}. Medians; ratios are the median of paired runs (min–max). ${result.durationSeconds} s in all.`,
    '',
    '| route | federated ms | monolith ms | static ms | federated/monolith | federated/static | JS KB fed / mono / static | requests fed / mono / static | CLS fed | Lighthouse |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of result.rows) {
    const { federated, monolith, static: floor } = row.builds;
    lines.push(
      `| ${row.name} \`${row.path}\` | ${ms(federated.contentMs)} | ${ms(monolith.contentMs)} | ${ms(floor.contentMs)} | ${ratio(row.federatedOverMonolith)} | ${ratio(row.federatedOverStatic)} | ${kb(federated.jsKb)} / ${kb(monolith.jsKb)} / ${kb(floor.jsKb)} | ${federated.requests.median ?? '–'} / ${monolith.requests.median ?? '–'} / ${floor.requests.median ?? '–'} | ${round(federated.cls.median, 3) ?? '–'} | ${row.lighthouse ?? '–'} |`,
    );
  }
  if (result.missing.length) lines.push('', `Not measured: ${result.missing.map((m) => `${m.name} (${m.reason})`).join('; ')}.`);
  const warmFed = summary(result.warm.federated);
  const warmMono = summary(result.warm.monolith);
  lines.push('', `Warm navigation \`${result.warm.from}\` → \`${result.warm.to}\` (prefetched, CPU 4×, network unthrottled): federated ${ms(warmFed)} ms, monolith ${ms(warmMono)} ms (median of ${warmFed.n}).`);
  lines.push('', '| budget | measured | limit | met |', '|---|---|---|---|');
  for (const budget of result.budgets) lines.push(`| ${budget.name} | ${budget.measured ?? '–'} ${budget.unit} | ${budget.limit} ${budget.unit} | ${budget.met ? 'yes' : '**no**'} |`);
  if (result.api?.length) {
    const cell = (value) => value ?? '–';
    lines.push(
      '',
      '| API load | engine | instances | connections | req/s | orders/s | p50 ms | p99 ms | req/s ÷ floor | p99 ÷ floor | failed |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const row of result.api) {
      lines.push(
        `| ${row.scenario} | ${row.engine} | ${cell(row.instances)} | ${row.connections} | ${row.requestsPerSecond} | ${cell(row.ordersPerSecond)} | ${row.p50} | ${row.p99} | ${cell(row.rpsOverFloor)} | ${cell(row.p99OverFloor)} | ${row.errors + row.non2xx} |`,
      );
    }
    for (const row of result.api.filter((r) => r.audit)) {
      const { paidOrders, draws, lockerItems, incomplete, negativeStock } = row.audit;
      lines.push('', `After the purchases (${row.engine}, ${row.instances} instance(s)): ${paidOrders} paid orders, ${draws} draws, ${lockerItems} locker items, ${incomplete} incomplete, ${negativeStock} stock rows below zero.`);
    }
  }
  return lines.join('\n');
}

const escapeXml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Grouped bars per route: federated/monolith and federated/static (median, min–max whiskers). */
export function chart(rows) {
  const width = 760;
  const rowHeight = 44;
  const left = 170;
  const plot = width - left - 30;
  const top = 56;
  const height = top + rows.length * rowHeight + 40;
  const maxRatio = Math.max(2, ...rows.flatMap((row) => [row.federatedOverMonolith.max ?? 0, row.federatedOverStatic.max ?? 0]));
  const x = (value) => left + (value / maxRatio) * plot;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12" role="img" aria-label="Time to main content, federated over monolith and over static HTML, per route">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${left}" y="18" font-weight="600">Time to main content: federated ÷ monolith (dark) and ÷ static HTML (light)</text>`,
  ];
  for (const mark of [1, BUDGETS.federatedOverMonolith]) {
    parts.push(`<line x1="${x(mark)}" x2="${x(mark)}" y1="${top - 8}" y2="${height - 30}" stroke="${mark === 1 ? '#333' : '#c0392b'}" stroke-dasharray="${mark === 1 ? '' : '4 3'}"/>`);
    // The budget's label sits above the plot, 1.0's below it: the two lines are too close to share a row.
    parts.push(`<text x="${x(mark)}" y="${mark === 1 ? height - 14 : top - 12}" text-anchor="${mark === 1 ? 'end' : 'start'}">${mark === 1 ? '1.0' : '1.10 budget'}</text>`);
  }
  rows.forEach((row, index) => {
    const y = top + index * rowHeight;
    parts.push(`<text x="${left - 8}" y="${y + 20}" text-anchor="end">${escapeXml(row.name)}</text>`);
    [
      [row.federatedOverMonolith, '#2c3e91', 4],
      [row.federatedOverStatic, '#9fb3e8', 20],
    ].forEach(([stat, color, offset]) => {
      if (stat.median === null) return;
      parts.push(`<rect x="${left}" y="${y + offset}" width="${x(stat.median) - left}" height="14" fill="${color}"/>`);
      parts.push(`<line x1="${x(stat.min)}" x2="${x(stat.max)}" y1="${y + offset + 7}" y2="${y + offset + 7}" stroke="#000"/>`);
      parts.push(`<text x="${x(stat.max) + 4}" y="${y + offset + 11}">${stat.median.toFixed(2)}</text>`);
    });
  });
  parts.push('</svg>');
  return parts.join('\n');
}
