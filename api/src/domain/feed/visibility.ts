/**
 * Whether the live room shows a user's handle beside their pulls and purchases (users.feed_visible):
 * hidden until they choose. Read and written on the row, not the per-process user cache
 * (domain/users.ts), so a change made through one instance holds on every other at once.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';

export async function feedVisibilityOf(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ visible: users.feedVisible }).from(users).where(eq(users.id, userId));
  return row?.visible ?? false;
}

export async function setFeedVisibility(db: Db, userId: number, visible: boolean): Promise<boolean> {
  await db.update(users).set({ feedVisible: visible }).where(eq(users.id, userId));
  return visible;
}
