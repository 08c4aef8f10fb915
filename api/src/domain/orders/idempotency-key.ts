/**
 * An order is created once per Idempotency-Key and buyer: the key is unique per buyer
 * (orders_user_idempotency_key). When the same key arrives twice at once, both requests get past
 * the look-up and one insert breaks the constraint; that request answers with the other's order.
 */
import { violatesUnique } from '../../db/unique-violation';

const KEY_CONSTRAINT = 'orders_user_idempotency_key';

/**
 * What a failed create answers: the key's order when `error` is the key's constraint and `replay`
 * finds it; otherwise `error` is thrown again.
 */
export async function replayKeyRace<Answer>(
  error: unknown,
  replay: () => Promise<Answer | null>,
): Promise<Answer> {
  if (violatesUnique(error, KEY_CONSTRAINT)) {
    const raced = await replay();
    if (raced) return raced;
  }
  throw error;
}
