// `node bench/first-byte.mjs [origin] [encoding]`: how long each bench route's document takes to
// start and to end, as a browser's connection sees them (default http://localhost:3000, brotli). A
// document goes out head first (ARCHITECTURE.md, "Head first"): the gap between the two is the time
// the page's data and render took while the browser already had the head. Medians of 9 requests
// each, after 3 untimed ones (the server's caches and containers warm).
import http from 'node:http';

const origin = new URL(process.argv[2] ?? 'http://localhost:3000');
const encoding = process.argv[3] ?? 'br';
const ROUTES = [
  '/',
  '/gallery',
  '/gallery/series/cloud-bakery',
  '/gallery/style/detail/cloud-bakery-croissant-cub',
  '/blog/displaying-your-figures',
  '/rules/authenticity',
  '/mysterybox/1',
];

function load(path) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let first = 0;
    let writes = 0;
    http
      .get(
        { host: origin.hostname, port: origin.port, path, headers: { 'accept-encoding': encoding } },
        (response) => {
          response.on('data', () => {
            writes += 1;
            first ||= performance.now() - started;
          });
          response.on('end', () => resolve({ first, whole: performance.now() - started, writes }));
        },
      )
      .on('error', reject);
  });
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`| route | first bytes ms | whole ms | head ahead by ms | writes |\n|---|---|---|---|---|`);
for (const route of ROUTES) {
  for (let i = 0; i < 3; i += 1) await load(route);
  const loads = [];
  for (let i = 0; i < 9; i += 1) loads.push(await load(route));
  const first = median(loads.map((one) => one.first));
  const whole = median(loads.map((one) => one.whole));
  const ahead = median(loads.map((one) => one.whole - one.first));
  console.log(
    `| ${route} | ${first.toFixed(1)} | ${whole.toFixed(1)} | ${ahead.toFixed(1)} | ${median(loads.map((one) => one.writes))} |`,
  );
}
