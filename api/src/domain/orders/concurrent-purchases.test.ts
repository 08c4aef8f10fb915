/**
 * Many buyers at once for the last few boxes. Meaningful on PostgreSQL (npm run test:pg -w api),
 * where requests run in parallel on a connection pool: without the stock rows' FOR UPDATE lock this
 * oversells. PGlite runs one transaction at a time, so there it checks the bookkeeping only.
 */
import type { Order } from '@arttoy/shared/contracts/api';
import { signInTestUser, type TestUser } from '../../test/auth-emulator';
import { buildTestApi, SETUP_TIMEOUT, type TestApi } from '../../test/helper';
import {
  type BoxCapture,
  capture,
  decideOnSandboxPage,
  expectStatus,
  postOrder,
  seedBoxId,
  setStock,
  startPayment,
  totalStock,
} from '../../test/purchase';

const STOCK = 3;
const BUYERS = 4;
const ATTEMPTS_PER_BUYER = 3;
/** Many requests at once on a shared 2-core machine: more time than one request needs. */
const TIMEOUT_MS = 90_000;

describe('the last boxes under concurrent purchases', () => {
  let api: TestApi;
  let buyers: TestUser[];
  let boxId: number;

  beforeAll(async () => {
    api = await buildTestApi({ orderSweepIntervalMs: 0 });
    buyers = await Promise.all(Array.from({ length: BUYERS }, (_, index) => signInTestUser(`buyer${index}`)));
    boxId = await seedBoxId(api, 'skate-spirits-blind-box');
    // One unit each on the first figures: the box has exactly STOCK boxes left.
    await setStock(api, boxId, (_figure, index) => (index < STOCK ? 1 : 0));
  }, SETUP_TIMEOUT);
  afterAll(() => api?.close());

  it(
    'reserves exactly the stock, then sells exactly the stock',
    async () => {
      const attempts = buyers.flatMap((buyer) =>
        Array.from({ length: ATTEMPTS_PER_BUYER }, () => ({
          buyer,
          request: postOrder(api, buyer, { boxModelId: boxId }),
        })),
      );
      const responses = await Promise.all(
        attempts.map(async ({ buyer, request }) => ({ buyer, response: await request })),
      );
      const created = responses.filter(({ response }) => response.statusCode === 201);
      const refused = responses.filter(({ response }) => response.statusCode === 409);
      // A holder's other attempts resume their hold: the same order, no second box.
      const resumed = responses.filter(({ response }) => response.statusCode === 200);
      expect(created).toHaveLength(STOCK);
      expect(refused).toHaveLength(attempts.length - STOCK - resumed.length);
      const heldBy = new Map(
        created.map(({ buyer, response }) => [buyer.uid, response.json<{ orderSn: string }>().orderSn]),
      );
      expect(heldBy.size).toBe(STOCK);
      for (const { buyer, response } of resumed)
        expect(response.json<{ orderSn: string }>().orderSn).toBe(heldBy.get(buyer.uid));
      for (const { response } of refused) expect(response.json().error.details.reason).toBe('sold_out');

      // Every holder pays at once; each capture draws from what is left, and nothing is left after.
      const paid = await Promise.all(
        created.map(async ({ buyer, response }) => {
          const order = response.json<Order>();
          const token = (await startPayment(api, buyer, order.orderSn)).payment.token ?? '';
          await decideOnSandboxPage(api, token, 'approve');
          return expectStatus(await capture(api, buyer, token), 200).json<BoxCapture>();
        }),
      );
      expect(paid.map((result) => result.order.status)).toEqual(Array(STOCK).fill('fulfilled'));
      expect(await totalStock(api, boxId)).toBe(0);
      // Each unit went to exactly one buyer: three different figures, one unit each.
      expect(new Set(paid.map((result) => result.draw.figure.id)).size).toBe(STOCK);
      const late = await postOrder(api, buyers[0], { boxModelId: boxId });
      expect(late.statusCode).toBe(409);
    },
    TIMEOUT_MS,
  );
});
