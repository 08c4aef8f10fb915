// Deploy tokens, by hand: they are written to (and read from) the service's state folder.
//   npm run deploy:tokens -- issue <team> [--days 90] [--note "CI of mf-gallery"]   prints the token, once
//   npm run deploy:tokens -- list                                                  ids, teams, expiry, revoked
//   npm run deploy:tokens -- revoke <id>
// Exit codes: 2 for a mistake in the command line, 1 for a failure.
import { parseArgs } from 'node:util';
import { deployEnvironment } from '../config';
import { deployServiceSettings, SettingError } from './settings';
import { loadTeams } from './teams';
import { DEFAULT_TOKEN_TTL_MS, issueToken, listTokens, revokeToken, type TokenRecord } from './tokens';

const USAGE = `Usage: npm run deploy:tokens -- issue <team> [--days <n>] [--note <text>]
       npm run deploy:tokens -- list
       npm run deploy:tokens -- revoke <id>

Tokens live in DEPLOY_STATE_DIR (default .data/deploy/) as SHA-256 hashes; a token is shown once, when issued.
Teams: DEPLOY_TEAMS_FILE (default deploy/teams.json).`;

class Mistake extends Error {}

function describe(record: TokenRecord, now: number): string {
  const state =
    record.revokedAt !== undefined
      ? `revoked ${new Date(record.revokedAt).toISOString()}`
      : record.expiresAt <= now
        ? `expired ${new Date(record.expiresAt).toISOString()}`
        : `expires ${new Date(record.expiresAt).toISOString()}`;
  return `${record.id}  ${record.team.padEnd(12)} ${state}${record.note ? `  ${record.note}` : ''}`;
}

async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { days: { type: 'string' }, note: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const settings = deployServiceSettings(deployEnvironment());
  const [command, argument, ...extra] = positionals;
  if (extra.length > 0) throw new Mistake(`Too many arguments: "${extra.join(' ')}".`);
  const now = Date.now();
  switch (command) {
    case 'issue': {
      const teams = await loadTeams(settings.teamsFile);
      if (!argument || !teams.has(argument))
        throw new Mistake(
          `issue needs a team of ${settings.teamsFile}: ${teams.names().join(', ')}; got "${argument ?? ''}".`,
        );
      let ttlMs = DEFAULT_TOKEN_TTL_MS;
      if (values.days !== undefined) {
        const days = Number(values.days);
        if (!/^\d+$/.test(values.days) || days < 1 || days > 3650)
          throw new Mistake(`--days must be a whole number from 1 to 3650; got "${values.days}".`);
        ttlMs = days * 24 * 60 * 60 * 1000;
      }
      const { token, record } = await issueToken(settings.stateDir, {
        team: argument,
        ttlMs,
        ...(values.note ? { note: values.note } : {}),
      });
      console.error(
        `Token ${record.id} for team ${argument} (deploys ${teams.appsOf(argument).join(', ')}), expires ${new Date(record.expiresAt).toISOString()}. Shown once; keep it as DEPLOY_TOKEN:`,
      );
      console.log(token);
      return;
    }
    case 'list': {
      if (argument) throw new Mistake(`list takes no arguments; got "${argument}".`);
      const records = await listTokens(settings.stateDir);
      if (records.length === 0) console.log(`No tokens in ${settings.stateDir}.`);
      for (const record of records) console.log(describe(record, now));
      return;
    }
    case 'revoke': {
      if (!argument) throw new Mistake('revoke needs a token id (npm run deploy:tokens -- list shows them).');
      console.log(describe(await revokeToken(settings.stateDir, argument, now), now));
      return;
    }
    default:
      throw new Mistake(
        command
          ? `Unknown command "${command}": issue, list or revoke.`
          : 'Name a command: issue, list or revoke.',
      );
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  const usage = error instanceof Mistake || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(error instanceof Error ? error.message : error);
  if (usage) console.error(`\n${USAGE}`);
  process.exitCode = usage || error instanceof SettingError ? 2 : 1;
});
