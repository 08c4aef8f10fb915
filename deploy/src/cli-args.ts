/**
 * The deploy tool's command line (`cli.ts`): what each command takes, its usage text, and the
 * parsing (node:util parseArgs, strict) into one command to run, a help text, or a mistake to
 * report with exit code 2. Nothing here touches the origin, so tests run it as it is.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { APP_NAMES, appFolder, ENVIRONMENT_NAME, type AppName } from '@arttoy/shared/contracts';
import { parseAppName } from './releases';

export type CliCommand =
  | { command: 'publish-all' }
  | {
      command: 'deploy';
      app: AppName;
      build: boolean;
      dist?: string;
      env: string;
      canary?: number;
      /** How the canary is judged; the service's defaults for what is left out. */
      judge?: CanaryJudging;
    }
  | { command: 'promote'; app: AppName; from: string }
  | { command: 'rollback'; app: AppName; env: string; to?: string }
  | { command: 'rollback'; build: string; env: string }
  | { command: 'builds'; env: string }
  | { command: 'history'; app?: AppName; env: string }
  | { command: 'preview-link'; hours: number }
  | { command: 'nginx-config'; port?: number; upstream?: string; runDir?: string; origin?: string };

export type CommandName = CliCommand['command'];

/** What `POST /v1/canary` takes besides the version: the window, the margin (a share) and the views needed. */
export interface CanaryJudging {
  windowMs?: number;
  margin?: number;
  minViews?: number;
}

export type ParsedCommandLine =
  /** Asked for help: print it on stdout, exit 0. */
  | { help: string }
  /** A mistake in the command line: print the message and the usage on stderr, exit 2. */
  | { mistake: string; usage: string }
  | { run: CliCommand };

const APPS = APP_NAMES.map(appFolder).join(', ');

interface CommandSpec {
  /** Its usage lines, each with the npm script that runs it where there is one. */
  usage: string[];
  /** What it does, a line or two. */
  does: string;
  options: NonNullable<ParseArgsConfig['options']>;
}

const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const;

const COMMANDS: Record<CommandName, CommandSpec> = {
  'publish-all': {
    usage: ['publish-all                       (npm run build runs it after building every app)'],
    does: "Publishes every app's dist/ into the origin as one build and makes it live.",
    options: HELP_OPTION,
  },
  deploy: {
    usage: [
      'deploy <app> [--env <env>] [--canary <percent> [--window <minutes>] [--margin <points>] [--min-views <n>]]',
      '       [--no-build | --dist <dir>]   (npm run deploy -- <app> …)',
    ],
    does:
      'Builds one app, uploads its files to the deploy service and points an environment at that version;\n' +
      'every other app keeps its version.\n' +
      '  --env <env>         preview, or a named environment (default: production)\n' +
      '  --canary <percent>  production only: give that share of visitors (1-100) the new version first\n' +
      '  --window <minutes>  how long the canary is judged, in minutes (1-1440, default 10)\n' +
      "  --margin <points>   errors per view above the stable version's, in percentage points, that roll it back (0-100, default 2)\n" +
      '  --min-views <n>     views the canary needs before it is judged (1-1000000, default 50)\n' +
      "  --no-build          upload the app's existing dist/ (no build)\n" +
      '  --dist <dir>        upload a build made elsewhere, such as a CI artefact (no build)',
    options: {
      ...HELP_OPTION,
      'no-build': { type: 'boolean' },
      dist: { type: 'string' },
      env: { type: 'string' },
      canary: { type: 'string' },
      window: { type: 'string' },
      margin: { type: 'string' },
      'min-views': { type: 'string' },
    },
  },
  promote: {
    usage: ['promote <app> --from <preview|canary|env>     (npm run promote -- <app> --from preview)'],
    does: "Makes live in production the app's version of another environment, or of the running canary.",
    options: { ...HELP_OPTION, from: { type: 'string' } },
  },
  rollback: {
    usage: [
      'rollback <app> [--env <env>] [--to <version>]   (npm run rollback -- <app> …)',
      'rollback --to <buildId> [--env <env>]           (npm run rollback -- --to <buildId>)',
    ],
    does: "Puts back the previous version of one app in an environment (default: production), or the version --to names (npm run deploy:history lists them); without an app, makes an earlier build of the whole site live again (the shell team's; npm run builds lists them).",
    options: { ...HELP_OPTION, env: { type: 'string' }, to: { type: 'string' } },
  },
  builds: {
    usage: ['builds [--env <env>]              (npm run builds)'],
    does: "Shows an environment's live build, every app's version, and the builds its changes made, newest first.",
    options: { ...HELP_OPTION, env: { type: 'string' } },
  },
  history: {
    usage: ['history [<app>] [--env <env>]     (npm run deploy:history -- …)'],
    does: 'Lists the changes of an environment (of one app when named), newest first: who, what, when, from which version.',
    options: { ...HELP_OPTION, env: { type: 'string' } },
  },
  'preview-link': {
    usage: ['preview-link [--hours <n>]        (npm run preview-link)'],
    does: "Prints a signed link that shows the site with the preview environment's versions (default: valid 24 hours).",
    options: { ...HELP_OPTION, hours: { type: 'string' } },
  },
  'nginx-config': {
    usage: [
      'nginx-config [--port <n>] [--upstream <host:port>] [--run-dir <dir>] [--origin <dir>]   (npm run nginx:config -- …)',
    ],
    does: 'Prints the nginx configuration that serves this origin (defaults: --port 8080 --upstream 127.0.0.1:3000 --run-dir /run/arttoy --origin the origin folder).',
    options: {
      ...HELP_OPTION,
      port: { type: 'string' },
      upstream: { type: 'string' },
      'run-dir': { type: 'string' },
      origin: { type: 'string' },
    },
  },
};

const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];

function isCommandName(value: string): value is CommandName {
  return (COMMAND_NAMES as string[]).includes(value);
}

const FOOTER = `Apps: ${APPS} (or their container names: mf_gallery …).
deploy, promote, rollback, builds, history and preview-link ask the deploy service (DEPLOY_SERVICE, default
http://127.0.0.1:3100) with DEPLOY_TOKEN (on this machine, without one, a short-lived token of the app's team).
publish-all and nginx-config work on the origin folder, ORIGIN_DIR (default: .origin/ in the repository).`;

/** The whole tool's usage: every command. */
export const USAGE = `Usage: npx tsx deploy/src/cli.ts <command> [options]

Commands:
${COMMAND_NAMES.map((name) => `${COMMANDS[name].usage.map((line) => `  ${line}\n`).join('')}      ${COMMANDS[name].does.replaceAll('\n', '\n    ')}`).join('\n')}

Options:
  -h, --help   this text; after a command, that command's

${FOOTER}`;

/** One command's usage. */
export function commandUsage(name: CommandName): string {
  return `Usage: ${COMMANDS[name].usage.join('\n       ')}\n\n${COMMANDS[name].does}\n\n${FOOTER}`;
}

class Mistake extends Error {}

/** As parseArgs gives it (no option here is `multiple`, so never an array in practice). */
type OptionValue = string | boolean | (string | boolean)[] | undefined;

function appArgument(command: CommandName, positionals: string[]): AppName {
  if (positionals.length === 0) throw new Mistake(`${command} needs an app: one of ${APPS}.`);
  if (positionals.length > 1)
    throw new Mistake(
      `${command} takes one app; got ${positionals.map((value) => `"${value}"`).join(', ')}.`,
    );
  try {
    return parseAppName(positionals[0]);
  } catch (error) {
    throw new Mistake((error as Error).message);
  }
}

/** --env (or --from): production unless named. */
function environmentOption(value: OptionValue, name = 'env'): string {
  const env = given(name, value) ?? 'production';
  if (!ENVIRONMENT_NAME.test(env))
    throw new Mistake(
      `--${name} must be an environment: production, preview or a name of 2-32 lower-case letters, digits or dashes; got "${env}".`,
    );
  return env;
}

function noArguments(command: CommandName, positionals: string[]): void {
  if (positionals.length > 0)
    throw new Mistake(`${command} takes no arguments; got "${positionals.join(' ')}".`);
}

/** A value of an option that must not be empty (parseArgs takes `--dist ''`). */
/** A whole number from `min` to `max` given as option `--name`, or undefined when it is not given. */
function wholeNumber(
  name: string,
  value: OptionValue,
  min: number,
  max: number,
  what: string,
): number | undefined {
  const text = given(name, value);
  if (text === undefined) return undefined;
  const number = Number(text);
  if (!/^\d+$/.test(text) || number < min || number > max)
    throw new Mistake(`--${name} must be ${what} from ${min} to ${max}; got "${text}".`);
  return number;
}

/** The canary's judging options, refused without --canary (they would be silently ignored). */
function canaryJudging(values: Record<string, OptionValue>, canary: boolean): CanaryJudging | undefined {
  const minutes = wholeNumber('window', values.window, 1, 1440, 'a number of minutes');
  const points = wholeNumber('margin', values.margin, 0, 100, 'a number of percentage points');
  const minViews = wholeNumber('min-views', values['min-views'], 1, 1_000_000, 'a number of views');
  if (minutes === undefined && points === undefined && minViews === undefined) return undefined;
  if (!canary)
    throw new Mistake('--window, --margin and --min-views judge a canary: add --canary <percent>.');
  return {
    ...(minutes === undefined ? {} : { windowMs: minutes * 60_000 }),
    ...(points === undefined ? {} : { margin: points / 100 }),
    ...(minViews === undefined ? {} : { minViews }),
  };
}

function given(name: string, value: OptionValue): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') throw new Mistake(`--${name} needs a value.`);
  return value;
}

function toCommand(
  command: CommandName,
  values: Record<string, OptionValue>,
  positionals: string[],
): CliCommand {
  switch (command) {
    case 'publish-all':
      noArguments(command, positionals);
      return { command };
    case 'builds':
      noArguments(command, positionals);
      return { command, env: environmentOption(values.env) };
    case 'history':
      if (positionals.length > 1)
        throw new Mistake(`history takes at most one app; got "${positionals.join(' ')}".`);
      return {
        command,
        env: environmentOption(values.env),
        ...(positionals.length === 1 ? { app: appArgument(command, positionals) } : {}),
      };
    case 'deploy': {
      const app = appArgument(command, positionals);
      const dist = given('dist', values.dist);
      if (dist !== undefined && values['no-build'])
        throw new Mistake(
          "Use --dist <dir> or --no-build, not both: --dist publishes that folder, --no-build the app's own dist/.",
        );
      const env = environmentOption(values.env);
      const canaryText = given('canary', values.canary);
      let canary: number | undefined;
      if (canaryText !== undefined) {
        canary = Number(canaryText);
        if (!/^\d+$/.test(canaryText) || canary < 1 || canary > 100)
          throw new Mistake(`--canary must be a share of visitors from 1 to 100; got "${canaryText}".`);
        if (env !== 'production')
          throw new Mistake(`--canary runs in production only; drop --env ${env} or --canary.`);
        if (app === 'shell')
          throw new Mistake('--canary runs for a remote; the shell is deployed to everyone.');
      }
      const judge = canaryJudging(values, canary !== undefined);
      return {
        command,
        app,
        build: dist === undefined && !values['no-build'],
        ...(dist === undefined ? {} : { dist }),
        env,
        ...(canary === undefined ? {} : { canary }),
        ...(judge === undefined ? {} : { judge }),
      };
    }
    case 'promote': {
      const app = appArgument(command, positionals);
      const from = given('from', values.from);
      if (from === undefined)
        throw new Mistake('promote needs --from preview, --from canary or --from <env>.');
      if (from !== 'canary') environmentOption(from, 'from');
      if (from === 'production')
        throw new Mistake(
          'promote makes a version live in production; --from names where it comes from (preview, canary, …).',
        );
      return { command, app, from };
    }
    case 'rollback': {
      const to = given('to', values.to);
      if (positionals.length === 0 && to !== undefined) {
        if (!/^[0-9a-z][0-9a-z-]{5,63}$/.test(to))
          throw new Mistake(`--to without an app names a build (npm run builds lists them); got "${to}".`);
        return { command, build: to, env: environmentOption(values.env) };
      }
      const app = appArgument(command, positionals);
      if (to !== undefined && !/^[0-9a-f]{10}$/.test(to))
        throw new Mistake(
          `--to names a version of ${appFolder(app)} (10 hex digits, see npm run deploy:history -- ${appFolder(app)}); got "${to}".`,
        );
      return { command, app, env: environmentOption(values.env), ...(to === undefined ? {} : { to }) };
    }
    case 'preview-link': {
      noArguments(command, positionals);
      const hoursText = given('hours', values.hours);
      const hours = hoursText === undefined ? 24 : Number(hoursText);
      if (hoursText !== undefined && (!/^\d+$/.test(hoursText) || hours < 1 || hours > 720))
        throw new Mistake(`--hours must be a whole number from 1 to 720; got "${hoursText}".`);
      return { command, hours };
    }
    case 'nginx-config': {
      noArguments(command, positionals);
      const portText = given('port', values.port);
      const port = portText === undefined ? undefined : Number(portText);
      if (port !== undefined && (!/^\d+$/.test(portText ?? '') || port < 1 || port > 65535))
        throw new Mistake(`--port must be a port number from 1 to 65535; got "${portText}".`);
      const upstream = given('upstream', values.upstream);
      const runDir = given('run-dir', values['run-dir']);
      const origin = given('origin', values.origin);
      return {
        command,
        ...(port === undefined ? {} : { port }),
        ...(upstream === undefined ? {} : { upstream }),
        ...(runDir === undefined ? {} : { runDir }),
        ...(origin === undefined ? {} : { origin }),
      };
    }
  }
}

/** parseArgs' own errors, said the tool's way. */
function parseError(command: CommandName, error: Error & { code?: string }): Mistake {
  const option = /'(-[^' ]+)/.exec(error.message)?.[1];
  const known = Object.keys(COMMANDS[command].options)
    .map((name) => `--${name}`)
    .join(', ');
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION')
    return new Mistake(`Unknown option ${option ?? ''} for ${command}. Its options: ${known}.`);
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const spec = option ? COMMANDS[command].options[option.replace(/^-+/, '')] : undefined;
    return new Mistake(
      spec?.type === 'boolean' ? `${option} takes no value.` : `${option ?? 'An option'} needs a value.`,
    );
  }
  return new Mistake(error.message);
}

/** The command line after `cli.ts`: `deploy mf-gallery --no-build`, `--help`, … */
export function parseCommandLine(argv: readonly string[]): ParsedCommandLine {
  const [first, ...rest] = argv;
  const asksHelp = (args: readonly string[]) => args.includes('--help') || args.includes('-h');
  if (first === undefined) return { mistake: `Name a command: ${COMMAND_NAMES.join(', ')}.`, usage: USAGE };
  if (!isCommandName(first)) {
    if (asksHelp([first])) return { help: USAGE };
    const what = first.startsWith('-')
      ? `Name a command before the options (got "${first}")`
      : `Unknown command "${first}"`;
    return { mistake: `${what}. Commands: ${COMMAND_NAMES.join(', ')}.`, usage: USAGE };
  }
  if (asksHelp(rest)) return { help: commandUsage(first) };
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: COMMANDS[first].options,
      allowPositionals: true,
      strict: true,
    });
    return { run: toCommand(first, values, positionals) };
  } catch (error) {
    const mistake = error instanceof Mistake ? error : parseError(first, error as Error & { code?: string });
    return { mistake: mistake.message, usage: commandUsage(first) };
  }
}
