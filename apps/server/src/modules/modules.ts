import type { ModuleDef } from '../platform/module';
import { clientModule } from './client/client.operations';
import { configModule } from './config/config.operations';
import { contractModule } from './contract/contract.operations';
import { dailyWorkReportModule } from './daily-work-report/daily-work-report.operations';
import { enumerationModule } from './enumerations/enumerations.operations';
import { factoryScheduleModule } from './factory-schedule/factory-schedule.operations';
import { filesModule } from './files/files.operations';
import { firstSampleModule } from './first-sample/first-sample.operations';
import { homeSearchModule } from './home-search/home-search.operations';
import { identityModule } from './identity/identity.operations';
import { inspectionApplyModule } from './inspection-apply/inspection-apply.operations';
import { inspectionBookingModule } from './inspection-booking/inspection-booking.operations';
import { inspectionInstructionModule } from './inspection-instruction/inspection-instruction.operations';
import { inspectionPlanModule } from './inspection-plan/inspection-plan.operations';
import { inspectionReportModule } from './inspection-report/inspection-report.operations';
import { inspectionTaskModule } from './inspection-task/inspection-task.operations';
import { listExportModule } from './list-export/list-export.operations';
import { mailModule } from './mail/mail.operations';
import { mailServiceModule } from './mail-service/mail-service.operations';
import { materialModule } from './material/material.operations';
import { materialTestModule } from './material-test/material-test.operations';
import { orderModule } from './order/order.operations';
import { orderRiskModule } from './order-risk/order-risk.operations';
import { originalSampleModule } from './original-sample/original-sample.operations';
import { productTrackModule } from './product-track/product-track.operations';
import { productionSampleModule } from './production-sample/production-sample.operations';
import { reportFormModule } from './report-form/report-form.operations';
import { shippingModule } from './shipping/shipping.operations';
import { standardModule } from './standard/standard.operations';
import { superviseReportModule } from './supervise-report/supervise-report.operations';
import { systemModule } from './system/system.operations';
import { testOrderModule } from './test-order/test-order.operations';
import { testReportModule } from './test-report/test-report.operations';

/**
 * Every area of the product, one line each (docs/adding-an-area.md). The order is the seed order:
 * identity before the areas whose records name users, master data before the areas that use it.
 */
export const modules: readonly ModuleDef[] = [
  systemModule,
  identityModule,
  mailModule,
  configModule,
  enumerationModule,
  productTrackModule,
  mailServiceModule,
  filesModule,
  clientModule,
  materialModule,
  materialTestModule,
  originalSampleModule,
  shippingModule,
  orderModule,
  productionSampleModule,
  orderRiskModule,
  testOrderModule,
  testReportModule,
  firstSampleModule,
  factoryScheduleModule,
  inspectionApplyModule,
  inspectionPlanModule,
  inspectionTaskModule,
  inspectionReportModule,
  dailyWorkReportModule,
  inspectionInstructionModule,
  inspectionBookingModule,
  superviseReportModule,
  contractModule,
  standardModule,
  homeSearchModule,
  listExportModule,
  reportFormModule,
];
