import { areas } from '@qcdesk/contract';
import { inspectionBookings } from '../../db/schema/inspection-booking';
import { defineModule, type ModuleDeps, namedBy, onHook } from '../../platform/module';
import { type OperationRegistry, serve, serveDetail } from '../../platform/registry';
import { readableIn } from '../../platform/scope';
import { INSPECTION_PLAN_CANCELLED } from '../inspection-plan/inspection-plan-transitions.service';
import {
  BOOKING_ASSIGNED_MAIL,
  BOOKING_RESET_MAIL,
  BOOKING_SUBMITTED_MAIL,
} from './inspection-booking.mails';
import { bookingScope } from './inspection-booking.queries';
import { seedInspectionBookings } from './inspection-booking.seed';
import {
  getInspectionBooking,
  INSPECTION_BOOKING_ENTITY,
  inspectionBookingReports,
  inspectionBookingSchedule,
  listInspectionBookings,
  searchInspectionBookings,
} from './inspection-booking.service';
import { resetBookingsOfPlan } from './inspection-booking-system.service';
import {
  cancelInspectionBooking,
  checkoutInspectionBooking,
  releaseInspectionBooking,
  returnInspectionBooking,
  submitInspectionBooking,
} from './inspection-booking-transitions.service';
import {
  createInspectionBooking,
  updateInspectionBooking,
  updateInspectionBookingProducts,
} from './inspection-booking-write.service';

const ops = areas.inspectionBooking;

function registerInspectionBookingOperations(registry: OperationRegistry, _deps: ModuleDeps): void {
  const read = { transaction: false };
  serve(registry, ops.searchInspectionBookings, searchInspectionBookings, read);
  serve(registry, ops.listInspectionBookings, listInspectionBookings, read);
  serveDetail(registry, ops.getInspectionBooking, getInspectionBooking, read);
  serve(registry, ops.inspectionBookingReports, inspectionBookingReports, read);
  serve(registry, ops.inspectionBookingSchedule, inspectionBookingSchedule, read);
  serve(registry, ops.createInspectionBooking, createInspectionBooking);
  serve(registry, ops.updateInspectionBooking, updateInspectionBooking);
  serve(registry, ops.updateInspectionBookingProducts, updateInspectionBookingProducts);
  serve(registry, ops.submitInspectionBooking, (db, input, user) => submitInspectionBooking(db, input, user));
  serve(registry, ops.checkoutInspectionBooking, checkoutInspectionBooking);
  serve(registry, ops.releaseInspectionBooking, releaseInspectionBooking);
  serve(registry, ops.returnInspectionBooking, returnInspectionBooking);
  serve(registry, ops.cancelInspectionBooking, (db, input, user) => cancelInspectionBooking(db, input, user));
}

export const inspectionBookingModule = defineModule({
  name: 'inspectionBooking',
  register: registerInspectionBookingOperations,
  seed: seedInspectionBookings,
  mails: [BOOKING_SUBMITTED_MAIL, BOOKING_ASSIGNED_MAIL, BOOKING_RESET_MAIL],
  // §4.6: a planner cancelling a booking's plan sends the booking back to its admins (20).
  hooks: [
    onHook(INSPECTION_PLAN_CANCELLED, (db, { planId, reason }, user) =>
      resetBookingsOfPlan(db, planId, reason, user),
    ),
  ],
  changeLog: [
    {
      entity: INSPECTION_BOOKING_ENTITY,
      permission: ops.getInspectionBooking.permission,
      readable: readableIn(inspectionBookings, bookingScope),
      fields: {
        bookingTypeId: 'bookingtype',
        inspectionTypeId: 'inspectiontype',
        clientId: 'client',
        departmentId: 'department',
        factoryId: 'factory',
        outsourceFactoryId: 'outsourcefactory',
        assignedInspectorId: 'user',
        checkedOutBy: 'user',
        planId: 'inspectionPlan',
        status: { enum: 'InspectionBookingStatus' },
      },
      actions: {
        submit: { zh: '提交', en: 'Submitted' },
        assign: { zh: '分配', en: 'Assigned' },
        reschedule: { zh: '改期', en: 'Rescheduled' },
        return: { zh: '退回', en: 'Returned' },
        cancel: { zh: '取消', en: 'Cancelled' },
        cancelScheduled: { zh: '取消', en: 'Cancelled' },
        checkout: { zh: '签出', en: 'Checked out' },
        release: { zh: '释放', en: 'Released' },
        forceRelease: { zh: '强制释放', en: 'Force released' },
      },
    },
  ],
  names: { inspectionBooking: namedBy(inspectionBookings, 'bookingNo') },
});
