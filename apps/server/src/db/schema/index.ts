// The schema object Drizzle needs: one line per area file.
export * from './client';
export * from './config';
export * from './contract';
export * from './files';
export * from './first-sample';
export * from './identity';
export * from './mail';
export * from './material';
export * from './material-test';
export * from './order';
export * from './order-risk';
export * from './original-sample';
export * from './platform';
export * from './production-sample';
export * from './shipping';
export * from './standard';
export * from './test-order';
