/**
 * Draw proofs (contract `DrawProof`): a user's own draws with their order and item; a draw by its
 * public id as its public proof (no id, order, item or owner), to its owner, and to anyone only while
 * the owner lets the live room show them. The seed once it has been rotated out.
 */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DrawProof, Page, PageQuery, PublicDrawProof } from '@arttoy/shared/contracts/api';
import type { Db } from '../../db/connect';
import { preparedFor } from '../../db/prepared';
import { draws, figures, lockerItems, orders, users } from '../../db/schema';
import { figureColumns, type FigureView, joinSeriesAndStyle, toFigure } from '../catalogue/columns';
import type { CatalogueUrls } from '../catalogue/urls';
import { offsetOf, toPage, totalOverAll } from '../pagination';

function selectDraws(db: Db, where: SQL | undefined) {
  return joinSeriesAndStyle(
    db
      .select({
        draw: draws,
        orderSn: orders.orderSn,
        shownInFeed: users.feedVisible,
        lockerItemId: lockerItems.id,
        figure: figureColumns,
        total: totalOverAll(),
      })
      .from(draws)
      .innerJoin(orders, eq(draws.orderId, orders.id))
      .innerJoin(users, eq(draws.userId, users.id))
      .innerJoin(lockerItems, eq(lockerItems.drawId, draws.id))
      .innerJoin(figures, eq(draws.figureId, figures.id))
      .$dynamic(),
  ).where(where);
}

type DrawRow = Awaited<ReturnType<typeof selectDraws>>[number];

/** `view`: its owner's proof shows the figure they pulled; a public proof a hidden secret's hidden form. */
function toDrawProof(row: DrawRow, urls: CatalogueUrls, view: FigureView): DrawProof {
  const { draw } = row;
  return {
    id: draw.id,
    publicId: draw.publicId,
    orderSn: row.orderSn,
    boxModelId: draw.boxModelId,
    serverSeedHash: draw.serverSeedHash,
    serverSeed: draw.revealedSeed,
    clientSeed: draw.clientSeed,
    nonce: draw.nonce,
    rollPpm: draw.rollPpm,
    oddsLines: draw.oddsLines,
    figure: toFigure(row.figure, urls, view),
    lockerItemId: row.lockerItemId,
    createdAt: draw.createdAt.toISOString(),
  };
}

/** A draw of its owner, by their id of it or its public id; null when it does not exist or is someone else's. */
export async function findDraw(
  db: Db,
  ownerId: number,
  drawId: number | string,
  urls: CatalogueUrls,
): Promise<DrawProof | null> {
  if (typeof drawId === 'string') {
    const [row] = await selectDraws(db, and(eq(draws.userId, ownerId), eq(draws.publicId, drawId)));
    return row ? toDrawProof(row, urls, 'owner') : null;
  }
  // Built once (db/prepared.ts): every purchase's answer reads its draw.
  const drawOfOwner = preparedFor(db, 'draw_of_owner', (name) =>
    selectDraws(
      db,
      and(eq(draws.userId, sql.placeholder('ownerId')), eq(draws.id, sql.placeholder('drawId'))),
    ).prepare(name),
  );
  const [row] = await drawOfOwner.execute({ ownerId, drawId });
  return row ? toDrawProof(row, urls, 'owner') : null;
}

/** The draw of an order (its owner's: a draw's user is its order's); null when it has none. */
export async function findDrawOfOrder(
  db: Db,
  orderId: number,
  urls: CatalogueUrls,
): Promise<DrawProof | null> {
  // Built once (db/prepared.ts): every purchase's answer reads its draw, beside its order.
  const drawOfOrder = preparedFor(db, 'draw_of_order', (name) =>
    selectDraws(db, eq(draws.orderId, sql.placeholder('orderId'))).prepare(name),
  );
  const [row] = await drawOfOrder.execute({ orderId });
  return row ? toDrawProof(row, urls, 'owner') : null;
}

/**
 * A draw's public proof by its public id, for `viewerId` (null: signed out): null when there is no
 * such draw, or when it is not the viewer's and its owner does not let the live room show them.
 */
export async function findPublicDraw(
  db: Db,
  publicId: string,
  viewerId: number | null,
  urls: CatalogueUrls,
): Promise<PublicDrawProof | null> {
  const [row] = await selectDraws(db, eq(draws.publicId, publicId));
  if (!row) return null;
  const owner = row.draw.userId === viewerId;
  if (!(row.shownInFeed || owner)) return null;
  // Its owner sees a hidden secret as in every answer of theirs (the answer is private then).
  const {
    id: _id,
    orderSn: _order,
    lockerItemId: _item,
    ...proof
  } = toDrawProof(row, urls, owner ? 'owner' : 'public');
  return proof;
}

export async function listDraws(
  db: Db,
  ownerId: number,
  query: PageQuery,
  urls: CatalogueUrls,
): Promise<Page<DrawProof>> {
  const rows = await selectDraws(db, eq(draws.userId, ownerId))
    .orderBy(desc(draws.createdAt), desc(draws.id))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const countAll = async () => (await selectDraws(db, eq(draws.userId, ownerId)).limit(1))[0]?.total ?? 0;
  return toPage(rows, query, (row) => toDrawProof(row, urls, 'owner'), countAll);
}
