import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { commandUsage, parseCommandLine, USAGE } from './cli-args';

const APPS = 'Apps: shell, mf-gallery, mf-blog, mf-mysterybox, mf-account, mf-rules.';

describe('parseCommandLine', () => {
  it('reads every command as the npm scripts, CI and the bench give it', () => {
    expect(parseCommandLine(['publish-all'])).toEqual({ run: { command: 'publish-all' } });
    expect(parseCommandLine(['deploy', 'mf-gallery'])).toEqual({
      run: { command: 'deploy', app: 'mf_gallery', build: true, env: 'production' },
    });
    expect(parseCommandLine(['deploy', 'mf_gallery', '--no-build'])).toEqual({
      run: { command: 'deploy', app: 'mf_gallery', build: false, env: 'production' },
    });
    expect(parseCommandLine(['deploy', 'shell', '--dist', '/tmp/monolith'])).toEqual({
      run: { command: 'deploy', app: 'shell', build: false, dist: '/tmp/monolith', env: 'production' },
    });
    expect(parseCommandLine(['deploy', '--dist=out', 'mf-rules', '--env', 'preview'])).toEqual({
      run: { command: 'deploy', app: 'mf_rules', build: false, dist: 'out', env: 'preview' },
    });
    expect(parseCommandLine(['deploy', 'mf-rules', '--canary', '10'])).toEqual({
      run: { command: 'deploy', app: 'mf_rules', build: true, env: 'production', canary: 10 },
    });
    expect(
      parseCommandLine([
        'deploy',
        'mf-rules',
        '--canary',
        '5',
        '--window',
        '30',
        '--margin',
        '1',
        '--min-views',
        '200',
      ]),
    ).toEqual({
      run: {
        command: 'deploy',
        app: 'mf_rules',
        build: true,
        env: 'production',
        canary: 5,
        judge: { windowMs: 1_800_000, margin: 0.01, minViews: 200 },
      },
    });
    expect(parseCommandLine(['promote', 'mf-rules', '--from', 'preview'])).toEqual({
      run: { command: 'promote', app: 'mf_rules', from: 'preview' },
    });
    expect(parseCommandLine(['promote', 'mf-rules', '--from', 'canary'])).toEqual({
      run: { command: 'promote', app: 'mf_rules', from: 'canary' },
    });
    expect(parseCommandLine(['rollback', 'mf-blog'])).toEqual({
      run: { command: 'rollback', app: 'mf_blog', env: 'production' },
    });
    expect(parseCommandLine(['rollback', 'mf-blog', '--env', 'qa-blog', '--to', '0a1b2c3d4e'])).toEqual({
      run: { command: 'rollback', app: 'mf_blog', env: 'qa-blog', to: '0a1b2c3d4e' },
    });
    expect(parseCommandLine(['rollback', '--to', '20261126000114-96430d72'])).toEqual({
      run: { command: 'rollback', build: '20261126000114-96430d72', env: 'production' },
    });
    expect(parseCommandLine(['builds'])).toEqual({ run: { command: 'builds', env: 'production' } });
    expect(parseCommandLine(['builds', '--env', 'preview'])).toEqual({
      run: { command: 'builds', env: 'preview' },
    });
    expect(parseCommandLine(['history'])).toEqual({ run: { command: 'history', env: 'production' } });
    expect(parseCommandLine(['history', 'mf-rules', '--env', 'preview'])).toEqual({
      run: { command: 'history', app: 'mf_rules', env: 'preview' },
    });
    expect(parseCommandLine(['preview-link'])).toEqual({ run: { command: 'preview-link', hours: 24 } });
    expect(parseCommandLine(['preview-link', '--hours', '2'])).toEqual({
      run: { command: 'preview-link', hours: 2 },
    });
    expect(parseCommandLine(['nginx-config'])).toEqual({ run: { command: 'nginx-config' } });
    expect(
      parseCommandLine([
        'nginx-config',
        '--port',
        '80',
        '--upstream',
        '127.0.0.1:3000',
        '--run-dir',
        '/run/arttoy',
        '--origin',
        '/srv/origin',
      ]),
    ).toEqual({
      run: {
        command: 'nginx-config',
        port: 80,
        upstream: '127.0.0.1:3000',
        runDir: '/run/arttoy',
        origin: '/srv/origin',
      },
    });
  });

  it('answers --help and -h with the whole usage, and after a command with that command’s', () => {
    expect(parseCommandLine(['--help'])).toEqual({ help: USAGE });
    expect(parseCommandLine(['-h'])).toEqual({ help: USAGE });
    // `npm run deploy -- --help` runs `cli.ts deploy --help`; help wins over any mistake beside it.
    expect(parseCommandLine(['deploy', '--help'])).toEqual({ help: commandUsage('deploy') });
    expect(parseCommandLine(['rollback', 'mf-nope', '-h'])).toEqual({ help: commandUsage('rollback') });
    for (const command of [
      'publish-all',
      'deploy',
      'promote',
      'rollback',
      'builds',
      'history',
      'preview-link',
      'nginx-config',
    ] as const) {
      expect(USAGE).toContain(
        commandUsage(command)
          .split('\n')[0]
          ?.replace(/^Usage: /, '  '),
      );
    }
    expect(commandUsage('deploy')).toMatch(
      /^Usage: deploy <app> \[--env <env>\] \[--canary <percent> \[--window <minutes>\] \[--margin <points>\] \[--min-views <n>\]\]\n +\[--no-build \| --dist <dir>\]/,
    );
    expect(commandUsage('deploy')).toContain(
      'Apps: shell, mf-gallery, mf-blog, mf-mysterybox, mf-account, mf-rules',
    );
  });

  it('says what is wrong with a command line, naming the bad argument and what would do', () => {
    const mistake = (argv: string[]) => {
      const parsed = parseCommandLine(argv);
      if (!('mistake' in parsed)) throw new Error(`${argv.join(' ')} was taken: ${JSON.stringify(parsed)}`);
      return parsed;
    };
    expect(mistake([])).toEqual({
      mistake:
        'Name a command: publish-all, deploy, promote, rollback, builds, history, preview-link, nginx-config.',
      usage: USAGE,
    });
    expect(mistake(['deplyo', 'mf-gallery'])).toEqual({
      mistake:
        'Unknown command "deplyo". Commands: publish-all, deploy, promote, rollback, builds, history, preview-link, nginx-config.',
      usage: USAGE,
    });
    expect(mistake(['--dist', 'out']).mistake).toBe(
      'Name a command before the options (got "--dist"). Commands: publish-all, deploy, promote, rollback, builds, history, preview-link, nginx-config.',
    );
    expect(mistake(['deploy'])).toEqual({
      mistake: 'deploy needs an app: one of shell, mf-gallery, mf-blog, mf-mysterybox, mf-account, mf-rules.',
      usage: commandUsage('deploy'),
    });
    expect(mistake(['deploy', 'mf-shop']).mistake).toBe(`Unknown app "mf-shop". ${APPS}`);
    expect(mistake(['deploy', 'mf-gallery', 'mf-blog']).mistake).toBe(
      'deploy takes one app; got "mf-gallery", "mf-blog".',
    );
    expect(mistake(['deploy', 'mf-gallery', '--force']).mistake).toBe(
      'Unknown option --force for deploy. Its options: --help, --no-build, --dist, --env, --canary, --window, --margin, --min-views.',
    );
    expect(mistake(['deploy', 'mf-gallery', '--dist']).mistake).toBe('--dist needs a value.');
    expect(mistake(['deploy', 'mf-gallery', '--dist', '']).mistake).toBe('--dist needs a value.');
    expect(mistake(['deploy', 'mf-gallery', '--no-build=yes']).mistake).toBe('--no-build takes no value.');
    expect(mistake(['deploy', 'mf-gallery', '--no-build', '--dist', 'out']).mistake).toMatch(
      /^Use --dist <dir> or --no-build, not both/,
    );
    expect(mistake(['rollback'])).toEqual({
      mistake:
        'rollback needs an app: one of shell, mf-gallery, mf-blog, mf-mysterybox, mf-account, mf-rules.',
      usage: commandUsage('rollback'),
    });
    expect(mistake(['rollback', '--to'])).toEqual({
      mistake: '--to needs a value.',
      usage: commandUsage('rollback'),
    });
    expect(mistake(['rollback', 'mf-gallery', '--to', 'b1']).mistake).toBe(
      '--to names a version of mf-gallery (10 hex digits, see npm run deploy:history -- mf-gallery); got "b1".',
    );
    expect(mistake(['deploy', 'mf-gallery', '--canary', '0']).mistake).toBe(
      '--canary must be a share of visitors from 1 to 100; got "0".',
    );
    expect(mistake(['deploy', 'mf-gallery', '--canary', '10', '--env', 'preview']).mistake).toBe(
      '--canary runs in production only; drop --env preview or --canary.',
    );
    expect(mistake(['deploy', 'shell', '--canary', '10']).mistake).toBe(
      '--canary runs for a remote; the shell is deployed to everyone.',
    );
    expect(mistake(['deploy', 'mf-gallery', '--margin', '5']).mistake).toBe(
      '--window, --margin and --min-views judge a canary: add --canary <percent>.',
    );
    expect(mistake(['deploy', 'mf-gallery', '--canary', '10', '--window', '0']).mistake).toBe(
      '--window must be a number of minutes from 1 to 1440; got "0".',
    );
    expect(mistake(['deploy', 'mf-gallery', '--canary', '10', '--margin', '2.5']).mistake).toBe(
      '--margin must be a number of percentage points from 0 to 100; got "2.5".',
    );
    expect(mistake(['deploy', 'mf-gallery', '--canary', '10', '--min-views', 'many']).mistake).toBe(
      '--min-views must be a number of views from 1 to 1000000; got "many".',
    );
    expect(mistake(['deploy', 'mf-gallery', '--env', 'Prod']).mistake).toMatch(
      /^--env must be an environment/,
    );
    expect(mistake(['promote', 'mf-gallery']).mistake).toBe(
      'promote needs --from preview, --from canary or --from <env>.',
    );
    expect(mistake(['promote', 'mf-gallery', '--from', 'production']).mistake).toMatch(
      /^promote makes a version live in production/,
    );
    expect(mistake(['preview-link', '--hours', '0']).mistake).toBe(
      '--hours must be a whole number from 1 to 720; got "0".',
    );
    expect(mistake(['builds', '--all']).mistake).toBe(
      'Unknown option --all for builds. Its options: --help, --env.',
    );
    expect(mistake(['publish-all', 'now']).mistake).toBe('publish-all takes no arguments; got "now".');
    expect(mistake(['nginx-config', '--port', '99999']).mistake).toBe(
      '--port must be a port number from 1 to 65535; got "99999".',
    );
    expect(mistake(['nginx-config', '--port', '80x']).mistake).toBe(
      '--port must be a port number from 1 to 65535; got "80x".',
    );
  });
});

describe('cli.ts', () => {
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: path.resolve(__dirname, '..'),
      encoding: 'utf8',
      // Port 9 (discard): no deploy service answers there.
      env: {
        ...process.env,
        ORIGIN_DIR: '/nonexistent/arttoy-origin',
        DEPLOY_SERVICE: 'http://127.0.0.1:9',
        DEPLOY_TOKEN: 'arttoy_deploy_none',
      },
    });

  it('prints help on stdout with exit code 0, and a mistake with the usage on stderr with exit code 2', () => {
    const help = cli('deploy', '--help');
    expect({ status: help.status, stdout: help.stdout, stderr: help.stderr }).toEqual({
      status: 0,
      stdout: `${commandUsage('deploy')}\n`,
      stderr: '',
    });
    const none = cli();
    expect({ status: none.status, stdout: none.stdout }).toEqual({ status: 2, stdout: '' });
    expect(none.stderr).toBe(
      `Name a command: publish-all, deploy, promote, rollback, builds, history, preview-link, nginx-config.\n\n${USAGE}\n`,
    );
    const badApp = cli('rollback', '');
    expect(badApp.status).toBe(2);
    expect(badApp.stderr.split('\n')[0]).toBe(`Unknown app "". ${APPS}`);
  }, 30_000);

  it('exits 1 when a command that was understood fails', () => {
    const result = cli('history', 'mf-gallery');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^No deploy service answers at http:\/\/127\.0\.0\.1:9 /);
  }, 30_000);
});
