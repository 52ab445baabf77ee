import type { RecordFlags } from '@qcdesk/contract';
import type { Principal } from './auth';

export interface FlagInput {
  user: Principal;
  record: { createdBy?: bigint | null; valid?: number };
  /**
   * The permission that edits the record in its current status (DOMAIN.md §4), or null when no
   * edit is possible in that status. For a state machine: the permission of any rule from the
   * status that edits rather than moves (pass it from the entity's table).
   */
  editPermission: string | null;
  /** The record is in the user's write scope (see `mayWrite` in the identity scope service). */
  inScope: boolean;
  /** Inspection and supervise reports: the lead inspector is the author, not the creator. */
  authorId?: bigint | null;
  /** The live checkout on the record, if any. */
  checkout?: { userId: bigint; expiresAt: Date } | null;
  now?: Date;
}

/**
 * The detail flags of DOMAIN.md §5.4, computed in one place for every entity:
 * - `author`: the user created the record (the lead inspector for reports);
 * - `checkOut`: the user holds a live checkout on it;
 * - `modify`: the user has the edit permission for the current status, the record is in scope
 *   and valid, and no other user holds a live checkout. The server re-checks on every write.
 */
export function recordFlags(input: FlagInput): RecordFlags {
  const { user, record } = input;
  const now = input.now ?? new Date();
  const live = input.checkout && input.checkout.expiresAt > now ? input.checkout : null;
  const checkOut = live !== null && live.userId === user.userId;
  const lockedByOther = live !== null && !checkOut;
  const authorId = input.authorId !== undefined ? input.authorId : record.createdBy;
  return {
    modify:
      input.editPermission !== null &&
      user.permissions.has(input.editPermission) &&
      input.inScope &&
      (record.valid ?? 1) === 1 &&
      !lockedByOther,
    author: authorId != null && authorId === user.userId,
    checkOut,
  };
}
