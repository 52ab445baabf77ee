import { type Feature, page } from '../../lib/feature';

/**
 * The inspection-booking area as the shell registers it (app/features.ts): the list (with the
 * booking admin's assignment view, `?view=schedule`) at `inspection/booking` and one booking at
 * `inspection/booking/{id}` (`new` books one).
 */
export const inspectionBookingFeature = {
  pages: {
    InspectionBooking: page(
      () => import('./inspection-booking-list-page'),
      (m) => m.InspectionBookingListPage,
    ),
    InspectionBookingDetail: page(
      () => import('./inspection-booking-detail-page'),
      (m) => m.InspectionBookingDetailPage,
    ),
  },
  texts: {
    en: async () => ({ 'inspection-booking': (await import('./inspection-booking.en')).inspectionBookingEn }),
    zh: async () => ({ 'inspection-booking': (await import('./inspection-booking.zh')).inspectionBookingZh }),
  },
} satisfies Feature;
