import type { ConfigListName } from '@qcdesk/contract/config-lists';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  aqlTables,
  attendances,
  bookingTypes,
  countries,
  defects,
  expresses,
  factories,
  factoryAuditTypes,
  factoryTypeFees,
  holidays,
  inspectionResultRemarks,
  inspectionTests,
  inspectionTypes,
  labContacts,
  labCs,
  labs,
  locations,
  materialTypes,
  notifyProductTracks,
  outsourceFactories,
  parts,
  riskLevels,
  risks,
  riskTypes,
  sampleCheckItems,
  samplingLevels,
  standards,
  superviseCheckpoints,
  suppliers,
  systemParams,
  tensionLevels,
  testItems,
  testTypes,
  vehicles,
} from '../../db/schema/config';
import { departments } from '../../db/schema/identity';
import type { AuditedTable } from '../../platform/records';

/** A list's table as the generic service sees it: columns by field name. */
export type ConfigTable = AuditedTable & { valid: PgColumn };

/** The table of every list of packages/contract/src/config-lists.ts. */
export const CONFIG_TABLES: Record<ConfigListName, ConfigTable> = {
  aql: aqlTables,
  attendance: attendances,
  country: countries,
  defect: defects,
  // The department tree belongs to the identity area; its list is served from the same table.
  department: departments,
  express: expresses,
  factory: factories,
  location: locations,
  inspectiontype: inspectionTypes,
  inspectiontest: inspectionTests,
  inspectionresult: inspectionResultRemarks,
  lab: labs,
  labcontact: labContacts,
  labcs: labCs,
  materialtype: materialTypes,
  part: parts,
  risk: risks,
  risklevel: riskLevels,
  risktype: riskTypes,
  samplecheckitem: sampleCheckItems,
  samplinglevel: samplingLevels,
  standard: standards,
  supplier: suppliers,
  tensionlevel: tensionLevels,
  testitem: testItems,
  testtype: testTypes,
  vehicle: vehicles,
  factorytypefee: factoryTypeFees,
  supervisecheckpoint: superviseCheckpoints,
  bookingtype: bookingTypes,
  factoryaudittype: factoryAuditTypes,
  outsourcefactory: outsourceFactories,
  holiday: holidays,
  system: systemParams,
  notifyproducttrack: notifyProductTracks,
};

/** A column of a list's table by field name. */
export function column(table: ConfigTable, field: string): PgColumn {
  const col = getTableColumns(table)[field];
  if (!col) throw new Error(`table has no column for field ${field}`);
  return col;
}
