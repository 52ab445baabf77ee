export * from './catalogue';
export * from './constants';
export * from './messages';
export * from './operation';
export * from './permissions';
export * from './result';
export * from './roles';
export * as schemas from './schemas';
