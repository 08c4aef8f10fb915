/**
 * The warehouse's command line for ship-outs (`npm run ship -w api -- …`): list what waits to be
 * packed, and mark a request shipped with its carrier and tracking number, which the owner's
 * locker then shows. Parsing and running are here, apart from the entry (ship-cli.ts), so tests
 * run the same code on the test database.
 */
import { parseArgs } from 'node:util';
import {
  formatMoney,
  markShippedBodySchema,
  recordIdParamSchema,
  SHIP_REQUEST_STATUSES,
  type ShipRequest,
  type ShipRequestStatus,
} from '@arttoy/shared/contracts/api';
import type { Db } from '../db/connect';
import { markShipped, shipRequestsIn } from '../domain/ship-requests';
import { ApiError } from '../errors';

export const SHIP_USAGE = `Usage: npm run ship -w api -- <command>

Commands:
  list [--status awaiting_payment|requested|shipped|cancelled]  ship requests in a status (default: requested), oldest first
  mark-shipped <requestId> --tracking <number> --carrier <name>
                                                   marks a requested ship request shipped; its figures show
                                                   Shipped with the carrier and tracking number in the locker
Options:
  -h, --help                                       this text

The database is DATABASE_URL's (default: the embedded one in .data/pglite, which the running API
holds: stop it first, or use PostgreSQL).
Example: npm run ship -w api -- mark-shipped 42 --tracking 1Z999AA10123456784 --carrier UPS`;

export interface CommandOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Exit codes: 0 done, 1 refused by the data (not found, already shipped), 2 a mistake in the command line. */
export type ExitCode = 0 | 1 | 2;

class UsageError extends Error {}

function describe(request: ShipRequest): string {
  const { address } = request;
  const fee = request.fee ? formatMoney(request.fee) : 'no fee recorded';
  const tracking = request.trackingNumber ? ` · ${request.carrier} ${request.trackingNumber}` : '';
  const items = `${request.itemIds.length} item${request.itemIds.length === 1 ? '' : 's'}`;
  return `#${request.id}  ${request.status}  ${request.createdAt.slice(0, 16).replace('T', ' ')}  ${items} (${request.itemIds.join(', ')})  to ${address.name}, ${address.city} ${address.postalCode}, ${address.country}  ${fee}${tracking}`;
}

function parse(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        status: { type: 'string' },
        tracking: { type: 'string' },
        carrier: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

async function run(argv: readonly string[], db: Db, io: CommandOutput): Promise<ExitCode> {
  const { values, positionals } = parse(argv);
  const [command, ...rest] = positionals;
  if (values.help) {
    io.out(SHIP_USAGE);
    return 0;
  }
  if (command === 'list') {
    if (rest.length > 0 || values.tracking !== undefined || values.carrier !== undefined)
      throw new UsageError('list takes only --status.');
    const status = (values.status ?? 'requested') as ShipRequestStatus;
    if (!SHIP_REQUEST_STATUSES.includes(status))
      throw new UsageError(
        `--status must be one of ${SHIP_REQUEST_STATUSES.join(', ')} (got "${values.status}").`,
      );
    const requests = await shipRequestsIn(db, status);
    io.out(requests.length === 0 ? `No ship requests are ${status}.` : requests.map(describe).join('\n'));
    return 0;
  }
  if (command === 'mark-shipped') {
    if (values.status !== undefined) throw new UsageError('mark-shipped does not take --status.');
    if (rest.length !== 1)
      throw new UsageError('mark-shipped takes one ship request id, such as mark-shipped 42.');
    const id = recordIdParamSchema.safeParse(rest[0]);
    if (!id.success)
      throw new UsageError(`The ship request id must be a positive whole number (got "${rest[0]}").`);
    if (values.tracking === undefined || values.carrier === undefined)
      throw new UsageError('mark-shipped needs --tracking <number> and --carrier <name>.');
    const tracking = markShippedBodySchema.safeParse({
      trackingNumber: values.tracking,
      carrier: values.carrier,
    });
    if (!tracking.success) {
      const flags: Record<string, string> = { trackingNumber: '--tracking', carrier: '--carrier' };
      throw new UsageError(
        tracking.error.issues
          .map((issue) => `${flags[String(issue.path[0])] ?? String(issue.path[0])} ${issue.message}.`)
          .join('\n'),
      );
    }
    const shipped = await markShipped(db, id.data, tracking.data);
    io.out(`Marked shipped: ${describe(shipped)}`);
    return 0;
  }
  throw new UsageError(command === undefined ? 'Name a command.' : `Unknown command "${command}".`);
}

/** Runs one command line; says what went wrong on `err`, with the usage when the line itself was wrong. */
export async function runShipCommand(argv: readonly string[], db: Db, io: CommandOutput): Promise<ExitCode> {
  try {
    return await run(argv, db, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${SHIP_USAGE}`);
      return 2;
    }
    if (error instanceof ApiError && error.statusCode < 500) {
      io.err(error.message);
      return error.statusCode === 400 ? 2 : 1;
    }
    throw error;
  }
}
