/**
 * Who may deploy what: `deploy/teams.json` names each team and the apps it owns. A token belongs to
 * one team and deploys only that team's apps; the shell's team deploys the shell. The file is
 * checked when the service starts: an unknown app, or an app two teams claim, stops it with the reason.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import { APP_NAMES, appFolder, type AppName } from '@arttoy/shared/contracts';
import { REPO_ROOT } from '../origin';

export type Team = string;

/** `npm run build`'s publish of the whole site is recorded as this team's (deploy/src/ledger). */
export const BUILD_TEAM = 'build';

export const TEAM_NAME = /^[a-z][a-z0-9-]{1,31}$/;

const teamsFileSchema = z.strictObject({
  teams: z.record(
    z.string(),
    z.strictObject({ apps: z.array(z.string()).min(1, 'a team owns at least one app') }),
  ),
});

export interface Teams {
  /** The team that deploys `app`, or null when none does. */
  ownerOf(app: AppName): Team | null;
  appsOf(team: Team): readonly AppName[];
  has(team: Team): boolean;
  names(): Team[];
}

export const DEFAULT_TEAMS_FILE = path.join(REPO_ROOT, 'deploy/teams.json');

/** Checks a parsed teams file; throws an error naming the file and everything wrong in it. */
export function parseTeams(value: unknown, source: string): Teams {
  const parsed = teamsFileSchema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`,
    );
    throw new Error(`${source} is invalid: ${problems.join('; ')}.`);
  }
  const owners = new Map<AppName, Team>();
  const apps = new Map<Team, AppName[]>();
  const problems: string[] = [];
  for (const [team, { apps: names }] of Object.entries(parsed.data.teams)) {
    if (!TEAM_NAME.test(team))
      problems.push(
        `team name "${team}" is not 2-32 lower-case letters, digits or dashes, starting with a letter`,
      );
    if (team === BUILD_TEAM) problems.push(`"${BUILD_TEAM}" is reserved for npm run build's publish`);
    const owned: AppName[] = [];
    for (const name of names) {
      const app = APP_NAMES.find((candidate) => candidate === name || appFolder(candidate) === name);
      if (!app) {
        problems.push(`team ${team} names an unknown app "${name}" (apps: ${APP_NAMES.join(', ')})`);
        continue;
      }
      const owner = owners.get(app);
      if (owner !== undefined) problems.push(`${app} is owned by both ${owner} and ${team}`);
      else owners.set(app, team);
      owned.push(app);
    }
    apps.set(team, owned);
  }
  if (problems.length > 0) throw new Error(`${source} is invalid: ${problems.join('; ')}.`);
  return {
    ownerOf: (app) => owners.get(app) ?? null,
    appsOf: (team) => apps.get(team) ?? [],
    has: (team) => apps.has(team),
    names: () => [...apps.keys()],
  };
}

export async function loadTeams(file = DEFAULT_TEAMS_FILE): Promise<Teams> {
  const text = await fs.readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new Error(`DEPLOY_TEAMS_FILE ${file} cannot be read (${error.code ?? error.message}).`);
  });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}.`, { cause: error });
  }
  return parseTeams(value, file);
}
