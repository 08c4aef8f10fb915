// The benchmark's report: results JSON, a Markdown table and an SVG chart of the per-route ratios.
import { ratioSummary, round, summary } from './stats.mjs';

const BUDGETS = {
  homeInteractiveKbGzip: 120,
  federatedOverMonolith: 1.1,
  serverOverStatic: 1.3,
  homeLcpMs: 1200,
  warmNavigationMs: 100,
};

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
      federatedOverMonolith: ratioSummary(
        values(byBuild.federated, 'contentMs'),
        values(byBuild.monolith, 'contentMs'),
      ),
      federatedOverStatic: ratioSummary(
        values(byBuild.federated, 'contentMs'),
        values(byBuild.static, 'contentMs'),
      ),
      serverOverStatic: ratioSummary(
        values(byBuild.server, 'contentMs'),
        values(byBuild.static, 'contentMs'),
      ),
      serverOverFederated: ratioSummary(
        values(byBuild.server, 'contentMs'),
        values(byBuild.federated, 'contentMs'),
      ),
      lighthouse: web.lighthouse[route.path] ?? null,
    };
  });
}

/** The route with the largest median of `pick` (null when none was measured). */
function worst(rows, pick) {
  let found = null;
  for (const row of rows) {
    const value = pick(row);
    if (value !== null && value !== undefined && (found === null || value > found.value))
      found = { value, route: row.path };
  }
  return found;
}

export function budgets(rows, web) {
  const home = rows.find((row) => row.path === '/');
  const warm = summary(web.warm.server ?? web.warm.federated);
  const check = (name, measured, limit, unit) => ({
    name,
    measured: round(measured, 2),
    limit,
    unit,
    met: measured !== null && measured !== undefined && measured <= limit,
  });
  const slowest = worst(rows, (row) => row.serverOverStatic.median);
  const composition = worst(rows, (row) => row.federatedOverMonolith.median);
  return [
    check(
      `server-rendered main content ÷ static, worst route (median${slowest ? `; ${slowest.route}` : ''})`,
      slowest?.value ?? null,
      BUDGETS.serverOverStatic,
      '×',
    ),
    check(
      'home LCP, server-rendered, throttled (median)',
      home?.builds.server.lcpMs.median ?? null,
      BUDGETS.homeLcpMs,
      'ms',
    ),
    check(
      `home JavaScript requested before the page is interactive (hydrated${web.homeInteractiveMs ? ` at ${Math.round(web.homeInteractiveMs)} ms, throttled` : ''}; gzip -9)`,
      web.homeInteractiveKbGzip ?? null,
      BUDGETS.homeInteractiveKbGzip,
      'KB',
    ),
    {
      name: 'home JavaScript requested before its main content painted (gzip -9), for the record',
      measured: round(web.homeFirstLoadKbGzip, 2),
      limit: null,
      unit: 'KB',
      met: null,
    },
    check(
      `federated/monolith, browser-rendered, worst route (median${composition ? `; ${composition.route}` : ''})`,
      composition?.value ?? null,
      BUDGETS.federatedOverMonolith,
      '×',
    ),
    check('warm navigation (median)', warm.median, BUDGETS.warmNavigationMs, 'ms'),
    ...(rows.some((row) => row.lighthouse?.seo)
      ? [
          {
            name: 'Lighthouse SEO, lowest route',
            measured: Math.min(...rows.map((row) => row.lighthouse?.seo?.score ?? 0)),
            limit: 100,
            unit: '',
            met: rows.every((row) => row.lighthouse?.seo?.score === 100),
          },
        ]
      : []),
  ];
}

const seoCell = (seo) =>
  seo ? `${seo.score ?? '–'}${seo.failed.length ? ` (${seo.failed.join(', ')})` : ''}` : '–';
const ms = (stat) => (stat.median === null ? '–' : `${Math.round(stat.median)}`);
const ratio = (stat) =>
  stat.median === null ? '–' : `${stat.median.toFixed(2)} (${stat.min.toFixed(2)}–${stat.max.toFixed(2)})`;
const kb = (stat) => (stat.median === null ? '–' : stat.median.toFixed(1));

export function markdown(result) {
  const lines = [
    `Runs: ${result.runs} per build and route, alternated A B C D, one at a time; ${result.throttling}. Medians; ratios are the median of paired runs (min–max). ${result.durationSeconds} s in all.`,
    '',
    'Builds: **server** = the site as served (server-rendered, then hydrated); **federated** = ' +
      'the same build rendered in the browser only (`SSR=off`); **monolith** = one build of ' +
      'every app, browser-rendered; **static** = each server-rendered page as HTML without ' +
      'scripts, its stylesheets inline as the server writes them (the floor).',
    '',
    '| route | server ms | federated ms | monolith ms | static ms | server/static | ' +
      'server/federated | federated/monolith | federated/static | LCP server ms | JS KB server / ' +
      'fed / mono | CLS server / fed | Lighthouse (TBT ms) | SEO |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of result.rows) {
    const { server, federated, monolith, static: floor } = row.builds;
    const lighthouse =
      row.lighthouse && typeof row.lighthouse === 'object'
        ? `${row.lighthouse.score ?? '–'} (${row.lighthouse.tbtMs ?? '–'})`
        : (row.lighthouse ?? '–');
    lines.push(
      `| ${row.name} \`${row.path}\` | ${ms(server.contentMs)} | ${ms(federated.contentMs)} | ` +
        `${ms(monolith.contentMs)} | ${ms(floor.contentMs)} | ${ratio(row.serverOverStatic)} | ` +
        `${ratio(row.serverOverFederated)} | ${ratio(row.federatedOverMonolith)} | ` +
        `${ratio(row.federatedOverStatic)} | ${ms(server.lcpMs)} | ${kb(server.jsKb)} / ` +
        `${kb(federated.jsKb)} / ${kb(monolith.jsKb)} | ${round(server.cls.median, 3) ?? '–'} / ` +
        `${round(federated.cls.median, 3) ?? '–'} | ${lighthouse} | ` +
        `${seoCell(row.lighthouse?.seo)} |`,
    );
  }
  const blocking = worst(result.rows, (row) =>
    row.lighthouse && typeof row.lighthouse === 'object' ? row.lighthouse.tbtMs : null,
  );
  if (blocking)
    lines.push(
      '',
      `Total blocking time (Lighthouse, server-rendered): worst route \`${blocking.route}\` at ${blocking.value} ms.`,
    );
  if (result.missing.length)
    lines.push('', `Not measured: ${result.missing.map((m) => `${m.name} (${m.reason})`).join('; ')}.`);
  const warmServer = summary(result.warm.server ?? []);
  const warmFed = summary(result.warm.federated);
  const warmMono = summary(result.warm.monolith);
  lines.push(
    '',
    `Warm navigation \`${result.warm.from}\` → \`${result.warm.to}\` (prefetched, CPU 4×, ` +
      `network unthrottled): server-rendered ${ms(warmServer)} ms, federated ${ms(warmFed)} ms, ` +
      `monolith ${ms(warmMono)} ms (median of ${warmFed.n}).`,
  );
  lines.push('', '| budget | measured | limit | met |', '|---|---|---|---|');
  for (const budget of result.budgets) {
    const limit = budget.limit === null ? '–' : `${budget.limit} ${budget.unit}`;
    const met = budget.met === null ? '–' : budget.met ? 'yes' : '**no**';
    lines.push(`| ${budget.name} | ${budget.measured ?? '–'} ${budget.unit} | ${limit} | ${met} |`);
  }
  if (result.api?.length) {
    const cell = (value) => value ?? '–';
    lines.push(
      '',
      '| API load | engine | instances | connections | req/s | orders/s | p50 ms | p99 ms | ' +
        'req/s ÷ floor | p99 ÷ floor | server CPU µs per answer or order | PostgreSQL CPU µs per ' +
        'answer or order | failed |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const row of result.api) {
      lines.push(
        `| ${row.scenario} | ${row.engine} | ${cell(row.instances)} | ${row.connections} | ` +
          `${row.requestsPerSecond} | ${cell(row.ordersPerSecond)} | ${row.p50} | ${row.p99} | ` +
          `${cell(row.rpsOverFloor)} | ${cell(row.p99OverFloor)} | ${cell(row.serverCpuUs)} | ` +
          `${cell(row.postgresCpuUs)} | ${row.errors + row.non2xx} |`,
      );
    }
    for (const row of result.api.filter((r) => r.audit)) {
      const { paidOrders, draws, lockerItems, incomplete, negativeStock } = row.audit;
      lines.push(
        '',
        `After the purchases (${row.engine}, ${row.instances} instance(s)): ${paidOrders} paid ` +
          `orders, ${draws} draws, ${lockerItems} locker items, ${incomplete} incomplete, ` +
          `${negativeStock} stock rows below zero.`,
      );
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
  const top = 70;
  const height = top + rows.length * rowHeight + 40;
  const maxRatio = Math.max(
    2,
    ...rows.flatMap((row) => [
      row.federatedOverMonolith.max ?? 0,
      row.federatedOverStatic.max ?? 0,
      row.serverOverStatic?.max ?? 0,
    ]),
  );
  const x = (value) => left + (value / maxRatio) * plot;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ` +
      `${width} ${height}" font-family="system-ui, sans-serif" font-size="12" role="img" ` +
      `aria-label="Time to main content, federated over monolith and over static HTML, per ` +
      `route">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${left}" y="18" font-weight="600">Time to main content: federated ÷ monolith (dark), ÷ static (light); server-rendered ÷ static (green)</text>`,
  ];
  // 1.0 is labelled below the plot, the budgets above it at two heights: the lines are too close to share a row.
  for (const [mark, label, labelY, colour] of [
    [1, '1.0', height - 14, '#333'],
    [BUDGETS.federatedOverMonolith, '1.10 budget (federated/monolith)', top - 12, '#c0392b'],
    [BUDGETS.serverOverStatic, '1.30 budget (server/static)', top - 26, '#2e8b57'],
  ]) {
    parts.push(
      `<line x1="${x(mark)}" x2="${x(mark)}" y1="${top - 8}" y2="${height - 30}" stroke="${colour}" stroke-dasharray="${mark === 1 ? '' : '4 3'}"/>`,
    );
    parts.push(
      `<text x="${x(mark)}" y="${labelY}" text-anchor="${mark === 1 ? 'end' : 'start'}">${label}</text>`,
    );
  }
  rows.forEach((row, index) => {
    const y = top + index * rowHeight;
    parts.push(`<text x="${left - 8}" y="${y + 20}" text-anchor="end">${escapeXml(row.name)}</text>`);
    [
      [row.federatedOverMonolith, '#2c3e91', 2],
      [row.federatedOverStatic, '#9fb3e8', 15],
      [row.serverOverStatic, '#2e8b57', 28],
    ].forEach(([stat, color, offset]) => {
      if (!stat || stat.median === null) return;
      parts.push(
        `<rect x="${left}" y="${y + offset}" width="${x(stat.median) - left}" height="11" fill="${color}"/>`,
      );
      parts.push(
        `<line x1="${x(stat.min)}" x2="${x(stat.max)}" y1="${y + offset + 5.5}" y2="${y + offset + 5.5}" stroke="#000"/>`,
      );
      parts.push(`<text x="${x(stat.max) + 4}" y="${y + offset + 10}">${stat.median.toFixed(2)}</text>`);
    });
  });
  parts.push('</svg>');
  return parts.join('\n');
}
