/**
 * How the servers write their logs: readable lines for a developer's terminal, one JSON object a
 * line everywhere else (CI, files, production log shippers), which is pino's own format.
 */
export type LogFormat = 'json' | 'pretty';

/** Fields of a start-up line (where the site is served, sign-in, the database): pretty logs set it apart. */
export const STARTUP = { startup: true } as const;

const FORMATS: readonly LogFormat[] = ['json', 'pretty'];

/**
 * LOG_FORMAT (`json` or `pretty`) when it is set; otherwise readable lines when stdout is a
 * terminal outside CI (CI set, as CI services set it) and JSON when it is not. A bad value throws
 * with the setting's name and its choices.
 */
export function logFormatFrom(env: NodeJS.ProcessEnv, stdoutIsTerminal: boolean): LogFormat {
  const text = env.LOG_FORMAT?.trim().toLowerCase() ?? '';
  const ci = !['', '0', 'false'].includes(env.CI?.trim().toLowerCase() ?? '');
  if (text === '') return stdoutIsTerminal && !ci ? 'pretty' : 'json';
  if ((FORMATS as readonly string[]).includes(text)) return text as LogFormat;
  throw new Error(
    `LOG_FORMAT must be "json" (one JSON object a line) or "pretty" (readable lines), got ${JSON.stringify(env.LOG_FORMAT)}. ` +
      'Unset it for readable lines in a terminal and JSON elsewhere.',
  );
}
