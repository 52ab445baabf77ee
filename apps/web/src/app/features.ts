import { apiReferenceFeature } from '../features/api-reference/api-reference-feature';
import { authFeature } from '../features/auth/auth-feature';
import { clientFeature } from '../features/client/client-feature';
import { configFeature } from '../features/config/config-feature';
import { contractFeature } from '../features/contract/contract-feature';
import { dailyWorkReportFeature } from '../features/daily-work-report/daily-work-report-feature';
import { factoryScheduleFeature } from '../features/factory-schedule/factory-schedule-feature';
import { firstSampleFeature } from '../features/first-sample/first-sample-feature';
import { helpFeature } from '../features/help/help-feature';
import { homeFeature } from '../features/home/home-feature';
import { homeSearchFeature } from '../features/home-search/home-search-feature';
import { inspectionApplyFeature } from '../features/inspection-apply/inspection-apply-feature';
import { inspectionBookingFeature } from '../features/inspection-booking/inspection-booking-feature';
import { inspectionPlanFeature } from '../features/inspection-plan/inspection-plan-feature';
import { inspectionReportFeature } from '../features/inspection-report/inspection-report-feature';
import { inspectionTaskFeature } from '../features/inspection-task/inspection-task-feature';
import { invalidateFeature } from '../features/invalidate/invalidate-feature';
import { materialFeature } from '../features/material/material-feature';
import { materialTestFeature } from '../features/material-test/material-test-feature';
import { networkErrorFeature } from '../features/network-error/network-error-feature';
import { notFoundFeature } from '../features/not-found/not-found-feature';
import { orderFeature } from '../features/order/order-feature';
import { orderRiskFeature } from '../features/order-risk/order-risk-feature';
import { originalSampleFeature } from '../features/original-sample/original-sample-feature';
import { productionSampleFeature } from '../features/production-sample/production-sample-feature';
import { reportFormFeature } from '../features/report-form/report-form-feature';
import { settingsFeature } from '../features/settings/settings-feature';
import { shareFileFeature } from '../features/share-file/share-file-feature';
import { standardFeature } from '../features/standard/standard-feature';
import { superviseReportFeature } from '../features/supervise-report/supervise-report-feature';
import { testOrderFeature } from '../features/test-order/test-order-feature';
import { testReportFeature } from '../features/test-report/test-report-feature';
import { usersFeature } from '../features/users/users-feature';

/**
 * Every feature the shell serves, one line each: its pages become routes (pages.ts) and its texts
 * a namespace of each language (texts.ts). A feature module holds only loaders, so this list costs
 * the shell a few hundred bytes, not the screens.
 */
export const features = [
  authFeature,
  homeFeature,
  homeSearchFeature,
  usersFeature,
  clientFeature,
  materialFeature,
  materialTestFeature,
  originalSampleFeature,
  productionSampleFeature,
  orderFeature,
  orderRiskFeature,
  testOrderFeature,
  firstSampleFeature,
  testReportFeature,
  inspectionApplyFeature,
  factoryScheduleFeature,
  inspectionPlanFeature,
  inspectionTaskFeature,
  inspectionReportFeature,
  dailyWorkReportFeature,
  reportFormFeature,
  apiReferenceFeature,
  inspectionBookingFeature,
  superviseReportFeature,
  contractFeature,
  standardFeature,
  configFeature,
  settingsFeature,
  helpFeature,
  networkErrorFeature,
  invalidateFeature,
  notFoundFeature,
  shareFileFeature,
] as const;
