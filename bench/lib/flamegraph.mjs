// A V8 CPU profile (`node --cpu-prof`, .cpuprofile) as a flame graph in SVG, and where its time goes.
//
//   node bench/lib/flamegraph.mjs <profile.cpuprofile> <out.svg> [title] [--from-ms N]
//
// --from-ms leaves out the first N ms of the profile (a server's start-up, before the load began).
// Frames are merged by call path (same function, file and line under the same parent), widths are
// sample counts, colours tell whose code a frame is: ours (api/, shared/), a package (named in the
// tooltip), Node's own, or V8 (GC, idle, program). Every frame keeps a <title> tooltip with its
// share of the samples. The summary printed to stdout is self time per owner and per package.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const WIDTH = 1200;
const ROW = 16;
const MIN_PX = 0.3;

/** Whose code a call frame runs: 'app', 'package:<name>', 'node', or 'v8'. */
export function ownerOf(callFrame) {
  const { url, functionName } = callFrame;
  if (!url) return functionName.startsWith('(') ? 'v8' : 'node';
  if (url.startsWith('node:')) return 'node';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return `package:${rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  return 'app';
}

/** The profile as a tree of merged call paths with sample counts (self and total), from `fromMs` on. */
export function callTree(profile, fromMs = 0) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfSamples = new Map();
  let elapsedUs = 0;
  (profile.samples ?? []).forEach((id, index) => {
    elapsedUs += profile.timeDeltas?.[index] ?? 0;
    if (elapsedUs >= fromMs * 1000) selfSamples.set(id, (selfSamples.get(id) ?? 0) + 1);
  });
  const build = (node, into) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName}|${url}|${lineNumber}`;
    let merged = into.children.get(key);
    if (!merged) {
      merged = {
        name: functionName || '(anonymous)',
        url,
        line: lineNumber + 1,
        owner: ownerOf(node.callFrame),
        self: 0,
        total: 0,
        children: new Map(),
      };
      into.children.set(key, merged);
    }
    merged.self += selfSamples.get(node.id) ?? 0;
    for (const child of node.children ?? []) build(byId.get(child), merged);
    return merged;
  };
  const root = { name: 'all', url: '', line: 0, owner: 'v8', self: 0, total: 0, children: new Map() };
  const top = profile.nodes[0];
  for (const child of top.children ?? []) build(byId.get(child), root);
  const sum = (node) => {
    node.total = node.self;
    for (const child of node.children.values()) node.total += sum(child);
    return node.total;
  };
  sum(root);
  return root;
}

const COLOURS = { app: [40, 140, 80], node: [70, 110, 190], v8: [150, 150, 150] };
const PACKAGE_HUES = [
  [220, 110, 40],
  [200, 70, 70],
  [190, 140, 30],
  [170, 80, 150],
  [120, 90, 200],
  [40, 150, 160],
];

function colourOf(owner) {
  if (COLOURS[owner]) return COLOURS[owner];
  let hash = 0;
  for (const char of owner) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PACKAGE_HUES[hash % PACKAGE_HUES.length];
}

const escape = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function shortFile(url) {
  if (!url) return '';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) return url.slice(modules + '/node_modules/'.length);
  const source = url.search(/\/(api|shared|deploy)\/(src|bench)\//);
  return source >= 0 ? url.slice(source + 1) : path.basename(url);
}

/** The flame graph of a call tree, as an SVG document. */
export function flameGraphSvg(root, title) {
  let depth = 0;
  const rects = [];
  const scale = WIDTH / Math.max(root.total, 1);
  const place = (node, x, level) => {
    const width = node.total * scale;
    if (width < MIN_PX) return;
    depth = Math.max(depth, level);
    rects.push({ node, x, level, width });
    let childX = x;
    const children = [...node.children.values()].toSorted((a, b) => b.total - a.total);
    for (const child of children) {
      place(child, childX, level + 1);
      childX += child.total * scale;
    }
  };
  place(root, 0, 0);
  const height = (depth + 1) * ROW + 50;
  const body = rects.map(({ node, x, level, width }) => {
    const y = height - 20 - (level + 1) * ROW;
    const [r, g, b] = colourOf(node.owner);
    const shade = 1 - (level % 3) * 0.08;
    const share = ((node.total / root.total) * 100).toFixed(1);
    const where = node.url ? ` (${shortFile(node.url)}:${node.line})` : '';
    const owner = node.owner.startsWith('package:') ? node.owner.slice(8) : node.owner;
    const tip = `${node.name}${where}: ${share}% of samples, ${((node.self / root.total) * 100).toFixed(1)}% self [${owner}]`;
    const chars = Math.floor((width - 4) / 6.5);
    const label =
      chars >= 3 ? (node.name.length > chars ? `${node.name.slice(0, chars - 1)}…` : node.name) : '';
    return (
      `<g><title>${escape(tip)}</title><rect x="${x.toFixed(2)}" y="${y}" width="${width.toFixed(2)}" height="${ROW - 1}" ` +
      `fill="rgb(${Math.round(r * shade)},${Math.round(g * shade)},${Math.round(b * shade)})"/>` +
      (label ? `<text x="${(x + 3).toFixed(2)}" y="${y + ROW - 4}">${escape(label)}</text>` : '') +
      '</g>'
    );
  });
  const legend = [
    ['app', 'our code'],
    ['node', 'Node.js'],
    ['v8', 'V8 (GC, idle, program)'],
    ['package:x', 'a package (see tooltip)'],
  ]
    .map(([owner, text], index) => {
      const [r, g, b] = owner === 'package:x' ? PACKAGE_HUES[0] : COLOURS[owner];
      return `<rect x="${10 + index * 200}" y="${height - 14}" width="10" height="10" fill="rgb(${r},${g},${b})"/><text x="${24 + index * 200}" y="${height - 5}">${text}</text>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="monospace" font-size="11">` +
    `<style>text{fill:#fff;pointer-events:none}text.dark{fill:#222}</style>` +
    `<rect width="100%" height="100%" fill="#fdfdfd"/>` +
    `<text class="dark" x="10" y="18" font-size="13">${escape(title)} (${root.total} samples; hover a frame for its share)</text>` +
    body.join('') +
    `<g class="legend">${legend.replace(/<text /g, '<text class="dark" ')}</g>` +
    '</svg>\n'
  );
}

/** Self time per owner (app, node, v8, each package) and per function, as shares of all samples. */
export function selfTime(root) {
  const owners = new Map();
  const functions = new Map();
  const walk = (node) => {
    if (node !== root) {
      owners.set(node.owner, (owners.get(node.owner) ?? 0) + node.self);
      const key = `${node.name} (${shortFile(node.url)}:${node.line})`;
      functions.set(key, (functions.get(key) ?? 0) + node.self);
    }
    for (const child of node.children.values()) walk(child);
  };
  walk(root);
  const shares = (map) =>
    [...map]
      .toSorted((a, b) => b[1] - a[1])
      .map(([name, samples]) => ({ name, percent: Math.round((samples / root.total) * 1000) / 10 }));
  return { owners: shares(owners), functions: shares(functions) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'from-ms': { type: 'string', default: '0' } },
  });
  const [input, output, title = path.basename(input ?? '')] = positionals;
  const fromMs = Number(values['from-ms']);
  if (!input || !output || !Number.isFinite(fromMs) || fromMs < 0) {
    console.error(
      'usage: node bench/lib/flamegraph.mjs <profile.cpuprofile> <out.svg> [title] [--from-ms N]',
    );
    process.exit(2);
  }
  const root = callTree(JSON.parse(fs.readFileSync(input, 'utf8')), fromMs);
  fs.writeFileSync(output, flameGraphSvg(root, title));
  const { owners, functions } = selfTime(root);
  console.log('self time by owner:');
  for (const { name, percent } of owners.slice(0, 15))
    console.log(`  ${String(percent).padStart(5)}%  ${name}`);
  console.log('self time by function:');
  for (const { name, percent } of functions.slice(0, 25))
    console.log(`  ${String(percent).padStart(5)}%  ${name}`);
}
