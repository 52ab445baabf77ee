/** Seed settings of the test template: known passwords for `admin` and the demo users of every role. */
export const SEED_ENV = {
  QCDESK_ADMIN_PASSWORD: 'Admin1234',
  QCDESK_DEMO_USERS: '1',
  QCDESK_DEMO_PASSWORD: 'Demo1234',
} as const;
