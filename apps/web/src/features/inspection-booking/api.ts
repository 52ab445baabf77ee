import {
  cancelInspectionBooking,
  checkoutInspectionBooking,
  createInspectionBooking,
  getInspectionBooking,
  INSPECTION_BOOKING_SORTS,
  inspectionBookingReports,
  inspectionBookingSchedule,
  releaseInspectionBooking,
  returnInspectionBooking,
  searchInspectionBookings,
  submitInspectionBooking,
  updateInspectionBooking,
  updateInspectionBookingProducts,
} from '@qcdesk/contract/inspection-booking';
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import { useOperation } from '../../api/use-operation';
import { areaApi } from '../../components/area-api';

export type InspectionBookingRow = OutputOf<typeof searchInspectionBookings>['list'][number];
export type InspectionBookingDetail = OutputOf<typeof getInspectionBooking>;
export type BookingSchedule = OutputOf<typeof inspectionBookingSchedule>;
export type CreateBookingInput = InputOf<typeof createInspectionBooking>;
export type UpdateBookingInput = InputOf<typeof updateInspectionBooking>;

/** The change log names a booking by its table (apps/server INSPECTION_BOOKING_ENTITY). */
export const INSPECTION_BOOKING_ENTITY = 'inspection_bookings';

const area = areaApi({
  search: searchInspectionBookings,
  get: getInspectionBooking,
  sorts: INSPECTION_BOOKING_SORTS,
  entity: INSPECTION_BOOKING_ENTITY,
});

export const inspectionBookingsSearchKey = area.searchKey;

/** The list's page request (spec §3: orderNo, productNo, factory, startTime, endTime, type, status, work). */
export const requestInspectionBookings = area.request();
/** The "my work" view (DOMAIN.md §6.8). */
export const requestBookingWork = area.request({ work: true });

export const useInspectionBooking = area.useRecord;
export const useInvalidateInspectionBooking = area.useInvalidate;
export const fetchInspectionBookingChangeLog = area.fetchChangeLog;

/** The approved reports of a booking (CLIENT users: sent ones). */
export const useBookingReports = (id: string) => useOperation(inspectionBookingReports, { id });

/** The admin's assignment view over a date range. */
export const useBookingSchedule = (startTime: string, endTime: string) =>
  useOperation(inspectionBookingSchedule, { startTime, endTime });

// The form and the assignment dialog show their refusals themselves; the action bar's are toasted.
export const useCreateInspectionBooking = () => area.useWrite(createInspectionBooking, { silent: true });
export const useEditInspectionBooking = () => area.useWrite(updateInspectionBooking, { silent: true });
export const useUpdateInspectionBooking = () => area.useWrite(updateInspectionBooking);
export const useBookingProducts = () => area.useWrite(updateInspectionBookingProducts, { silent: true });
export const useSubmitInspectionBooking = () => area.useWrite(submitInspectionBooking);
export const useCheckoutInspectionBooking = () => area.useWrite(checkoutInspectionBooking);
export const useReleaseInspectionBooking = () => area.useWrite(releaseInspectionBooking);
export const useReturnInspectionBooking = () => area.useWrite(returnInspectionBooking);
export const useCancelInspectionBooking = () => area.useWrite(cancelInspectionBooking);

/** A booking's page: `inspection/booking/{id}` (spec §2). */
export const bookingPath = (language: string, id: string) => `/${language}/inspection/booking/${id}`;
