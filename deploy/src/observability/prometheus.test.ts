/**
 * The metrics as an operator reads them: a real Prometheus (Debian's `prometheus` package), started
 * here with a config of its own, scrapes the site server and an API server, both real processes
 * with METRICS_PORT set, and a query of its HTTP API answers their request rate. Waits for states
 * (targets up, a rate above zero), never for a time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const DEPLOY_DIR = path.resolve(__dirname, '../..');
const API_DIR = path.resolve(DEPLOY_DIR, '../api');

// This suite's ports (23000-23999 are the metrics suite's).
const SITE_PORT = 23_410;
const SITE_METRICS_PORT = 23_411;
const API_PORT = 23_420;
const API_METRICS_PORT = 23_421;
const PROMETHEUS_PORT = 23_490;

/** The `prometheus` binary on PATH (or Debian's /usr/bin), or a message saying how to get it. */
function prometheusBinary(): string {
  const candidates = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin'].map((dir) =>
    path.join(dir, 'prometheus'),
  );
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found)
    throw new Error(
      'The metrics test needs Prometheus: install it with `apt-get install -y prometheus` (Debian; .ci/prepare installs it), then run the test again.',
    );
  return found;
}

interface Running {
  name: string;
  child: ChildProcess;
  output(): string;
}

function start(name: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Running {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { name, child, output: () => output };
}

async function stop(running: Running | undefined): Promise<void> {
  if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGTERM');
  await exited;
}

/** Polls `check` until it answers a value; a process that exits on the way fails the wait with its output. */
async function waitFor<T>(
  what: string,
  processes: Running[],
  check: () => Promise<T | undefined>,
): Promise<T> {
  for (;;) {
    for (const running of processes)
      if (running.child.exitCode !== null)
        throw new Error(
          `${running.name} exited (${running.child.exitCode}) before ${what}:\n${running.output()}`,
        );
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const ok = async (url: string) => ((await fetch(url)).ok ? true : undefined);

describe('the metrics, scraped by a real Prometheus', () => {
  const processes: Running[] = [];
  let dir: string;

  afterAll(async () => {
    await Promise.all(processes.map(stop));
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('scrapes the site server and the API, and answers their request rate', async () => {
    const binary = prometheusBinary();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'arttoy-prometheus-'));
    const origin = path.join(dir, 'origin');
    fs.mkdirSync(origin);
    // Sign-in stays off: neither server needs the Auth emulator to count requests.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        ([name]) => !name.startsWith('FIREBASE_') && name !== 'DATABASE_URL',
      ),
    );
    const common = {
      ...env,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      DATABASE_URL: 'memory:',
      METRICS_HOST: '127.0.0.1',
    };
    const site = start(
      'the site server',
      process.execPath,
      ['--import', 'tsx', 'src/server.ts'],
      DEPLOY_DIR,
      {
        ...common,
        PORT: String(SITE_PORT),
        HOST: '127.0.0.1',
        METRICS_PORT: String(SITE_METRICS_PORT),
        ORIGIN_DIR: origin,
        AUTH_EMULATOR: 'off',
        DEPLOY_PORT: 'off',
      },
    );
    processes.push(site);
    const api = start('the API server', process.execPath, ['--import', 'tsx', 'src/server.ts'], API_DIR, {
      ...common,
      API_PORT: String(API_PORT),
      API_HOST: '127.0.0.1',
      METRICS_PORT: String(API_METRICS_PORT),
    });
    processes.push(api);

    fs.writeFileSync(
      path.join(dir, 'prometheus.yml'),
      [
        'global:',
        '  scrape_interval: 1s',
        '  evaluation_interval: 1s',
        'scrape_configs:',
        '  - job_name: site',
        '    static_configs:',
        `      - targets: ['127.0.0.1:${SITE_METRICS_PORT}']`,
        '  - job_name: api',
        '    static_configs:',
        `      - targets: ['127.0.0.1:${API_METRICS_PORT}']`,
        '',
      ].join('\n'),
    );
    const prometheus = start(
      'prometheus',
      binary,
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${PROMETHEUS_PORT}`,
      ],
      dir,
      env,
    );
    processes.push(prometheus);
    const prom = `http://127.0.0.1:${PROMETHEUS_PORT}`;

    const siteBase = `http://127.0.0.1:${SITE_PORT}`;
    const apiBase = `http://127.0.0.1:${API_PORT}`;
    await waitFor('the site server answers', processes, () => ok(`${siteBase}/healthz`));
    await waitFor('the API answers', processes, () => ok(`${apiBase}/api/healthz`));
    // The metrics are on their own listener only: the public ports answer those paths as any unknown
    // page (the site's without a published build is a 503 document).
    for (const url of [
      `${siteBase}/metrics`,
      `${siteBase}/api/metrics`,
      `${apiBase}/metrics`,
      `${apiBase}/api/metrics`,
    ]) {
      const answer = await fetch(url);
      expect([404, 503]).toContain(answer.status);
      expect(await answer.text()).not.toContain('http_server_requests_total');
    }
    const scraped = await (await fetch(`http://127.0.0.1:${SITE_METRICS_PORT}/metrics`)).text();
    expect(scraped).toContain('# TYPE http_server_requests_total counter');
    expect(scraped).toContain('# TYPE api_answer_cache_requests_total counter');
    expect(scraped).toContain('# TYPE site_server_renders_total counter');

    await waitFor('Prometheus is ready', processes, () => ok(`${prom}/-/ready`));
    type Targets = {
      data: { activeTargets: { labels: { job: string }; health: string; lastError: string }[] };
    };
    await waitFor('both targets are up', processes, async () => {
      const targets = (await (await fetch(`${prom}/api/v1/targets`)).json()) as Targets;
      const up = targets.data.activeTargets
        .filter((target) => target.health === 'up')
        .map((target) => target.labels.job);
      return up.includes('site') && up.includes('api') ? true : undefined;
    });

    // Requests keep coming while Prometheus scrapes, as on a live site, until the rate shows them.
    type Vector = { data: { result: { metric: { job: string }; value: [number, string] }[] } };
    const query = encodeURIComponent('sum by (job) (rate(http_server_requests_total[10s]))');
    const rates = await waitFor('a request rate above zero for both servers', processes, async () => {
      await Promise.all([fetch(`${siteBase}/healthz`), fetch(`${apiBase}/api/styles`)]);
      const answer = (await (await fetch(`${prom}/api/v1/query?query=${query}`)).json()) as Vector;
      const byJob = new Map(answer.data.result.map((row) => [row.metric.job, Number(row.value[1])]));
      return (byJob.get('site') ?? 0) > 0 && (byJob.get('api') ?? 0) > 0 ? byJob : undefined;
    });
    expect(rates.get('site')).toBeGreaterThan(0);
    expect(rates.get('api')).toBeGreaterThan(0);

    // The histogram by route pattern, as a dashboard reads it.
    const count = encodeURIComponent(
      'sum by (route) (http_server_request_duration_seconds_count{job="api"})',
    );
    const routes = (await (await fetch(`${prom}/api/v1/query?query=${count}`)).json()) as {
      data: { result: { metric: { route: string }; value: [number, string] }[] };
    };
    const styles = routes.data.result.find((row) => row.metric.route === '/api/styles');
    expect(Number(styles?.value[1])).toBeGreaterThan(0);
  }, 300_000);
});
