import { INSPECTION_BOOKING_STATUS } from '@qcdesk/contract/inspection-booking';
import { and, eq } from 'drizzle-orm';
import { inspectionBookings } from '../../db/schema/inspection-booking';
import type { Principal } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { lockRow } from '../../platform/records';
import { transition } from '../../platform/transition';
import { inspectionBookingMachine } from './inspection-booking.rules';
import { mailBookingReset } from './inspection-booking-mail.service';

// The system rows of a booking (DOMAIN.md §4.6), taken for the user whose write in another area
// caused them: its linked final inspection or supervise report approved → performed (called by the
// approval), and its plan cancelled by a planner → back to its admins with reason RESET, mailed to
// them (the plan area's INSPECTION_PLAN_CANCELLED hook).

const { scheduled } = INSPECTION_BOOKING_STATUS;
const noCheckout = { checkedOutBy: null, checkedOutAt: null, checkoutExpiresAt: null };

/**
 * §4.6 system row: the final inspection report of a booking's task approved → the booking is
 * performed (30 → 40), taken for the approver; a booking in another status is left as it is.
 */
export async function bookingReportApproved(db: Db, bookingId: bigint, user: Principal): Promise<void> {
  const row = await lockRow(db, inspectionBookings, bookingId);
  if (row.status !== scheduled) return;
  await transition(db, {
    machine: inspectionBookingMachine,
    table: inspectionBookings,
    id: row.id,
    version: row.version,
    action: 'perform',
    user: { ...user, permissions: new Set([...user.permissions, 'insp.report.audit']) },
    set: noCheckout,
  });
}

/**
 * §4.6 system row: the plan of a scheduled booking cancelled by a planner → the booking is back to
 * 20 for its admins (reason RESET), its assignment cleared, the admins mailed; taken for the planner.
 */
export async function resetBookingsOfPlan(
  db: Db,
  planId: bigint,
  reason: string | undefined,
  user: Principal,
): Promise<void> {
  const rows = await db
    .select({ id: inspectionBookings.id })
    .from(inspectionBookings)
    .where(and(eq(inspectionBookings.planId, planId), eq(inspectionBookings.status, scheduled)));
  for (const { id } of rows) {
    const row = await lockRow(db, inspectionBookings, id);
    await transition(db, {
      machine: inspectionBookingMachine,
      table: inspectionBookings,
      id: row.id,
      version: row.version,
      action: 'reset',
      user: { ...user, permissions: new Set([...user.permissions, 'inspplan.create']) },
      ...(reason ? { reason } : {}),
      set: {
        ...noCheckout,
        planId: null,
        assignedInspectorId: null,
        assignedDate: null,
        reasonText: reason?.trim() ? `RESET: ${reason.trim()}` : 'RESET',
      },
    });
    await mailBookingReset(db, row, reason, user);
  }
}
