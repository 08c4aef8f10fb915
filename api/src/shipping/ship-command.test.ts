import type { LockerItem, ShipRequest } from '@arttoy/shared/contracts/api';
import { signInTestUser, type TestUser } from '../test/auth-emulator';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../test/helper';
import { bearer, buyBox, expectStatus, payShipOut, seedBoxId } from '../test/purchase';
import { runShipCommand, SHIP_USAGE } from './ship-command';

const address = {
  name: 'Grace Hopper',
  line1: '1 Navy Way',
  city: 'Arlington',
  postalCode: '22202',
  country: 'US',
  phone: '+1 555 0100',
};

describe('npm run ship -w api: the warehouse lists ship requests and marks them shipped with tracking', () => {
  let api: TestApi;
  let owner: TestUser;
  let items: number[];
  let requested: ShipRequest;
  let other: ShipRequest;

  const ship = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runShipCommand(argv, api.db, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const post = async (itemIds: number[]) =>
    expectStatus(
      await api.app.inject({
        method: 'POST',
        url: '/api/locker/ship-requests',
        headers: bearer(owner),
        payload: { itemIds, address },
      }),
      201,
    ).json<ShipRequest>();

  beforeAll(async () => {
    api = await buildTestApi({ orderSweepIntervalMs: 0 });
    owner = await signInTestUser('warehouse-owner');
    const boxId = await seedBoxId(api, 'night-market-blind-box');
    items = [];
    for (let index = 0; index < 3; index += 1)
      items.push((await buyBox(api, owner, boxId)).draw.lockerItemId);
    requested = await post([items[0] ?? 0, items[1] ?? 0]);
    await payShipOut(api, owner, requested);
    // Not paid: not the warehouse's yet.
    other = await post([items[2] ?? 0]);
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it('says how to use it on --help, and with the usage after any mistake in the command line (exit 2)', async () => {
    expect(await ship('--help')).toEqual({ code: 0, out: SHIP_USAGE, err: '' });
    expect(SHIP_USAGE).toMatch(/mark-shipped <requestId> --tracking <number> --carrier <name>/);
    const mistakes: [string[], RegExp][] = [
      [[], /Name a command/],
      [['ship-it'], /Unknown command "ship-it"/],
      [['list', '--colour', 'red'], /Unknown option '--colour'/],
      [
        ['list', '--status', 'lost'],
        /--status must be one of awaiting_payment, requested, shipped, cancelled \(got "lost"\)/,
      ],
      [['mark-shipped', '--tracking', '1Z999AA10123456784', '--carrier', 'UPS'], /takes one ship request id/],
      [
        ['mark-shipped', 'forty-two', '--tracking', '1Z999AA10123456784', '--carrier', 'UPS'],
        /must be a positive whole number \(got "forty-two"\)/,
      ],
      [
        ['mark-shipped', '0', '--tracking', '1Z999AA10123456784', '--carrier', 'UPS'],
        /must be a positive whole number/,
      ],
      [
        ['mark-shipped', String(requested.id), '--carrier', 'UPS'],
        /needs --tracking <number> and --carrier <name>/,
      ],
      [
        ['mark-shipped', String(requested.id), '--tracking', 'abc', '--carrier', 'UPS'],
        /--tracking must be 6 to 40 letters and digits/,
      ],
      [
        ['mark-shipped', String(requested.id), '--tracking', '1Z999AA10123456784', '--carrier', '<script>'],
        /--carrier must be 2 to 40 letters/,
      ],
      [['mark-shipped', String(requested.id), '--tracking'], /argument missing|Option '--tracking <value>'/],
    ];
    for (const [argv, message] of mistakes) {
      const result = await ship(...argv);
      expect({ argv, code: result.code }).toEqual({ argv, code: 2 });
      expect(result.err).toMatch(message);
      expect(result.err).toContain(SHIP_USAGE);
    }
    // Nothing was shipped by any of them.
    expect((await ship('list', '--status', 'shipped')).out).toBe('No ship requests are shipped.');
  });

  it('lists the paid requests waiting to be packed, oldest first, with destination and fee; unpaid ones apart', async () => {
    const { code, out } = await ship('list');
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^#${requested.id}  requested  .*2 items \\(${items[0]}, ${items[1]}\\)  to Grace Hopper, Arlington 22202, US  \\$5\\.99$`,
      ),
    );
    expect((await ship('list', '--status', 'awaiting_payment')).out).toMatch(
      new RegExp(`^#${other.id}  awaiting_payment `),
    );
  });

  it('marks a request shipped: the locker shows its carrier and tracking number, and its figures shipped', async () => {
    const { code, out } = await ship(
      'mark-shipped',
      String(requested.id),
      '--tracking',
      '1z999aa1 0123-456784',
      '--carrier',
      'UPS',
    );
    expect({ code, out }).toEqual({
      code: 0,
      out: expect.stringMatching(
        new RegExp(`^Marked shipped: #${requested.id}  shipped  .* · UPS 1Z999AA10123456784$`),
      ),
    });
    const list = (
      await api.app.inject({ method: 'GET', url: '/api/locker/ship-requests', headers: bearer(owner) })
    ).json<{ items: ShipRequest[] }>();
    expect(list.items.find((item) => item.id === requested.id)).toMatchObject({
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      shippedAt: expect.any(String),
      fee: { amountMinor: 599, currency: 'USD' },
    });
    expect(list.items.find((item) => item.id === other.id)).toMatchObject({
      status: 'awaiting_payment',
      carrier: null,
      trackingNumber: null,
    });
    const locker = (
      await api.app.inject({ method: 'GET', url: '/api/locker', headers: bearer(owner) })
    ).json<{ items: LockerItem[] }>();
    expect(
      locker.items.filter((item) => item.shipRequestId === requested.id).map((item) => item.status),
    ).toEqual(['shipped', 'shipped']);
    // The same again changes nothing; other tracking for a shipped request is refused (exit 1).
    expect(
      (
        await ship(
          'mark-shipped',
          String(requested.id),
          '--tracking',
          '1Z999AA10123456784',
          '--carrier',
          'UPS',
        )
      ).code,
    ).toBe(0);
    const again = await ship(
      'mark-shipped',
      String(requested.id),
      '--tracking',
      'RM123456789GB',
      '--carrier',
      'Royal Mail',
    );
    expect(again).toEqual({
      code: 1,
      out: '',
      err: `Ship request ${requested.id} is shipped (UPS 1Z999AA10123456784); only a requested one can ship.`,
    });
  });

  it('refuses a cancelled request and one that does not exist (exit 1), shipping nothing', async () => {
    expectStatus(
      await api.app.inject({
        method: 'DELETE',
        url: `/api/locker/ship-requests/${other.id}`,
        headers: bearer(owner),
      }),
      200,
    );
    const cancelled = await ship(
      'mark-shipped',
      String(other.id),
      '--tracking',
      'RM123456789GB',
      '--carrier',
      'Royal Mail',
    );
    expect(cancelled).toMatchObject({
      code: 1,
      err: `Ship request ${other.id} is cancelled; only a requested one can ship.`,
    });
    const missing = await ship(
      'mark-shipped',
      '987654321',
      '--tracking',
      'RM123456789GB',
      '--carrier',
      'Royal Mail',
    );
    expect(missing).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^Ship request 987654321 was not found/),
    });
    expect((await ship('list', '--status', 'cancelled')).out).toMatch(
      new RegExp(`^#${other.id}  cancelled .*\\$5\\.99$`),
    );
  });
});
