import { enumCodes } from '@qcdesk/contract/enumerations';
import { and, asc, eq, sql } from 'drizzle-orm';
import { productTracks } from '../../db/schema/config';
import { actorOf, type Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { createRecord, lockVersion, updateRecord } from '../../platform/records';
import type { Scope } from '../../platform/scope';
import {
  orderProductInScope,
  readableOrderProduct,
  writableOrderProduct,
} from '../order/order-access.service';

// Product tracking (DOMAIN.md §2.9): an order product's milestones with planned and actual dates,
// in the record scope of the order product (DOMAIN.md §5.4: its order's department and client).

export const PRODUCT_TRACK_ENTITY = 'product_tracks';

type ProductTrackRow = typeof productTracks.$inferSelect;

const milestoneOrder = sql`array_position(${sql.raw(
  `array[${enumCodes('ProductTrackMilestone')
    .map((c) => `'${c}'`)
    .join(',')}]::text[]`,
)}, ${productTracks.milestone})`;

/** Change log (DOMAIN.md §6.11): a track is readable when its order product is. */
export async function productTrackReadable(db: Db, id: bigint, _user: Principal, scope: Scope) {
  const [track] = await db
    .select({ orderProductId: productTracks.orderProductId })
    .from(productTracks)
    .where(eq(productTracks.id, id));
  return track !== undefined && orderProductInScope(db, track.orderProductId, scope);
}

/** producttrack/get. The remark is internal (DOMAIN.md §2.9): external CLIENT users get the dates only. */
export async function productTrackOf(db: Db, orderProductId: bigint, user: Principal) {
  await readableOrderProduct(db, orderProductId, user);
  const rows = await db
    .select()
    .from(productTracks)
    .where(and(eq(productTracks.orderProductId, orderProductId), eq(productTracks.valid, 1)))
    .orderBy(asc(milestoneOrder), asc(productTracks.id));
  const internal = user.roleCode !== 'CLIENT';
  return { list: internal ? rows : rows.map((row) => ({ ...row, remark: null })) };
}

/** The product's valid track of the milestone, if any (one at the most: product_tracks_milestone_uq). */
export async function liveTrack(db: Db, orderProductId: bigint, milestone: string) {
  const [track] = await db
    .select()
    .from(productTracks)
    .where(
      and(
        eq(productTracks.orderProductId, orderProductId),
        eq(productTracks.milestone, milestone),
        eq(productTracks.valid, 1),
      ),
    );
  return track;
}

async function assertMilestoneFree(db: Db, orderProductId: bigint, milestone: string, selfId?: bigint) {
  const taken = await liveTrack(db, orderProductId, milestone);
  if (taken && taken.id !== selfId)
    throw new AppError('E_DUPLICATE', { field: 'milestone' }, { field: 'milestone' });
}

export interface ProductTrackInput {
  orderProductId: bigint;
  milestone: string | number;
  plannedDate?: string | null | undefined;
  actualDate?: string | null | undefined;
  remark?: string | undefined;
}

export async function createProductTrack(
  db: Db,
  input: ProductTrackInput,
  user: Principal,
): Promise<ProductTrackRow> {
  const milestone = String(input.milestone);
  await writableOrderProduct(db, input.orderProductId, user);
  await assertMilestoneFree(db, input.orderProductId, milestone);
  const row = await createRecord(db, {
    table: productTracks,
    values: {
      orderProductId: input.orderProductId,
      milestone,
      plannedDate: input.plannedDate ?? null,
      actualDate: input.actualDate ?? null,
      remark: input.remark ?? null,
    },
    actor: actorOf(user),
    entity: PRODUCT_TRACK_ENTITY,
  });
  return row;
}

export interface ProductTrackUpdate {
  id: bigint;
  version: number;
  plannedDate?: string | null | undefined;
  actualDate?: string | null | undefined;
  remark?: string | null | undefined;
  valid?: 0 | 1 | undefined;
}

export async function updateProductTrack(
  db: Db,
  input: ProductTrackUpdate,
  user: Principal,
): Promise<ProductTrackRow> {
  const { id, version, ...changes } = input;
  const current = await lockVersion(db, productTracks, id, version);
  await writableOrderProduct(db, current.orderProductId, user);
  if (current.valid === 0 && changes.valid !== 1) throw new AppError('E_STATUS');
  if (current.valid === 0 && changes.valid === 1) {
    await assertMilestoneFree(db, current.orderProductId, String(current.milestone), id);
  }
  const values = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const action =
    changes.valid === 0 ? 'delete' : changes.valid === 1 && current.valid === 0 ? 'undelete' : 'update';
  const row = await updateRecord(db, {
    table: productTracks,
    id,
    version,
    values,
    actor: actorOf(user),
    action,
    entity: PRODUCT_TRACK_ENTITY,
  });
  return row;
}
