import * as client from './client';
import { configOperations } from './config';
import * as contract from './contract';
import * as dailyWorkReport from './daily-work-report';
import * as dashboard from './dashboard';
import * as enumeration from './enumerations';
import * as factorySchedule from './factory-schedule';
import * as files from './files';
import * as firstSample from './first-sample';
import * as homeSearch from './home-search';
import * as identity from './identity';
import * as inspectionApply from './inspection-apply';
import * as inspectionBooking from './inspection-booking';
import * as inspectionInstruction from './inspection-instruction';
import * as inspectionPlan from './inspection-plan';
import * as inspectionReport from './inspection-report';
import * as inspectionTask from './inspection-task';
import * as listExport from './list-export';
import * as mail from './mail';
import * as mailService from './mail-service';
import * as material from './material';
import * as materialTest from './material-test';
import type { OperationDef } from './operation';
import * as order from './order';
import * as orderRisk from './order-risk';
import * as originalSample from './original-sample';
import * as productTrack from './product-track';
import * as productionSample from './production-sample';
import * as reportForm from './report-form';
import * as shipping from './shipping';
import * as standard from './standard';
import * as superviseReport from './supervise-report';
import * as system from './system';
import * as testOrder from './test-order';
import * as testReport from './test-report';

/** Every operation of the product, by area. Adding an area adds one line here. */
export const areas = {
  system,
  identity,
  mail,
  config: configOperations,
  enumeration,
  productTrack,
  mailService,
  files,
  listExport,
  client,
  material,
  materialTest,
  originalSample,
  order,
  productionSample,
  orderRisk,
  testOrder,
  testReport,
  firstSample,
  factorySchedule,
  inspectionApply,
  inspectionPlan,
  inspectionTask,
  inspectionReport,
  dailyWorkReport,
  inspectionInstruction,
  inspectionBooking,
  shipping,
  superviseReport,
  contract,
  standard,
  reportForm,
  homeSearch,
  dashboard,
} as const;

const isOperation = (value: unknown): value is OperationDef =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as OperationDef).path === 'string' &&
  typeof (value as OperationDef).method === 'string' &&
  typeof (value as OperationDef).permission === 'string';

/** An area file also exports the schemas its screens share; only the operations are listed. */
export const operations: OperationDef[] = Object.values(areas).flatMap((area) =>
  Object.values(area as Record<string, unknown>).filter(isOperation),
);
