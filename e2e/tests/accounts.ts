// The accounts the e2e server seeds (playwright.config.ts passes the passwords to it). Both follow
// the password rule of spec §5.
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'Admin#2024e2e';
export const DEMO_PASSWORD = process.env.E2E_DEMO_PASSWORD ?? 'Demo#2024e2e';

/** Demo users of the identity seed, one per role (apps/server/src/modules/identity/identity.seed.ts). */
export const DEMO_USERS = {
  ADMIN: 'demo.admin',
  SALES: 'demo.sales',
  SALES_MGR: 'demo.salesmgr',
  QC: 'demo.qc',
  QC_MGR: 'demo.qcmgr',
  INSPECTOR: 'demo.inspector',
  LAB: 'demo.lab',
  AUDITOR: 'demo.auditor',
  CLIENT: 'demo.client',
} as const;
