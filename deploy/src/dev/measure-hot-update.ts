/**
 * `npm run dev:measure -- [--app mf-rules] [--file <component>] [--runs 5]`, with `npm run dev`
 * running: how long an edit takes to reach the page. It listens on the app's hot-update socket as
 * the page's client does, edits a component file (a comment appended, removed again at the end),
 * and times, per edit, until the dev server announces the update (`ok`) and until the update's
 * files (the hot-update manifest and chunks) have been fetched, which is what the page runs next.
 * No browser: Fast Refresh's re-render after that is a few milliseconds.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEV_HOST, DEV_PORTS, devPort } from '@arttoy/shared/build/dev-site.mjs';
import { REPO_ROOT } from '../origin';

const USAGE =
  'Usage: npm run dev:measure -- [--app mf-rules] [--file src/pages/rules-page.tsx] [--runs 5]  (with npm run dev running)';

const { values } = parseArgs({
  options: {
    app: { type: 'string', default: 'mf-rules' },
    file: { type: 'string' },
    runs: { type: 'string', default: '5' },
  },
});
const folder = values.app ?? 'mf-rules';
/** The container name; a remote's code on the site runs under its container's runtime, the shell's under `main`. */
const container = folder === 'shell' ? 'shell' : folder.replace('-', '_');
const runtime = folder === 'shell' ? 'main' : container;
const port = container in DEV_PORTS ? devPort(container) : undefined;
const runs = Number(values.runs);
if (!port || !Number.isInteger(runs) || runs < 1) {
  console.error(USAGE);
  process.exit(2);
}
const file = path.resolve(REPO_ROOT, folder, values.file ?? 'src/app.tsx');
if (!fs.existsSync(file)) {
  console.error(`${file} does not exist.\n${USAGE}`);
  process.exit(2);
}
if (typeof WebSocket === 'undefined') {
  console.error('This Node has no WebSocket: run it as npm run dev:measure (node --experimental-websocket).');
  process.exit(2);
}

const base = `http://${DEV_HOST}:${port}`;
const original = fs.readFileSync(file, 'utf8');
const restore = () => fs.writeFileSync(file, original);
process.once('SIGINT', () => {
  restore();
  process.exit(130);
});

type Message = { type: string; data?: unknown };
// As the composed page's client: from the shell's origin (the dev server refuses a socket without an Origin).
const socket = new WebSocket(`ws://${DEV_HOST}:${port}/ws`, {
  headers: { origin: `http://localhost:${devPort('shell')}` },
} as unknown as string[]);
// Every message in order: several arrive in one packet and are dispatched in one go.
const received: Message[] = [];
let read = 0;
let wake: (() => void) | null = null;
socket.addEventListener('message', (event) => {
  received.push(JSON.parse(String(event.data)) as Message);
  wake?.();
});
/** The next message of one of these types, skipping others. */
async function next(types: string[]): Promise<Message> {
  for (;;) {
    while (read < received.length) {
      const message = received[read++] as Message;
      if (types.includes(message.type)) return message;
    }
    await new Promise<void>((resolve) => (wake = resolve));
  }
}

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return response;
}

/** The files a page's hot-update client fetches for the update from `previousHash`: the manifest, then each changed chunk. */
async function fetchUpdate(previousHash: string): Promise<void> {
  const manifest = (await (await fetchOk(`${base}/${runtime}.${previousHash}.hot-update.json`)).json()) as {
    c: Array<string | number>;
  };
  await Promise.all(
    manifest.c.map(async (chunk) => (await fetchOk(`${base}/${chunk}.${previousHash}.hot-update.js`)).text()),
  );
}

async function main(): Promise<void> {
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener(
      'error',
      () => reject(new Error(`No dev server answers at ${base}: start npm run dev first.`)),
      { once: true },
    );
  });
  let hash = String((await next(['hash'])).data);
  await next(['ok', 'warnings']);
  const emitted: number[] = [];
  const fetched: number[] = [];
  try {
    for (let run = 1; run <= runs; run += 1) {
      const startedAt = performance.now();
      fs.writeFileSync(file, `${original}\n// hot-update probe ${run} ${Date.now()}\n`);
      const newHash = String((await next(['hash'])).data);
      const outcome = await next(['ok', 'warnings', 'errors']);
      if (outcome.type === 'errors')
        throw new Error(`The edit did not compile: ${JSON.stringify(outcome.data)}`);
      emitted.push(performance.now() - startedAt);
      await fetchUpdate(hash);
      fetched.push(performance.now() - startedAt);
      hash = newHash;
      console.log(
        `edit ${run}: update announced after ${emitted.at(-1)?.toFixed(0)} ms, fetched after ${fetched.at(-1)?.toFixed(0)} ms`,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  } finally {
    restore();
  }
  const median = (times: number[]) => times.toSorted((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
  console.log(
    `${folder}, ${path.relative(REPO_ROOT, file)}, ${runs} edits: announced median ` +
      `${median(emitted).toFixed(0)} ms (max ${Math.max(...emitted).toFixed(0)}), fetched median ` +
      `${median(fetched).toFixed(0)} ms (max ${Math.max(...fetched).toFixed(0)})`,
  );
  socket.close();
}

main().catch((error: unknown) => {
  restore();
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
