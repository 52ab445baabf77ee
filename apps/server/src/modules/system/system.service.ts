import type { Database } from '../../platform/db';

export const PRODUCT_VERSION = '0.1.0';

export function systemInfo(database: Database) {
  return {
    product: 'QCDesk',
    version: PRODUCT_VERSION,
    serverTime: new Date().toISOString(),
    database: database.kind,
  };
}
