import { listScreenshots } from './list-screenshots';

// Issue 12: the lists of the record areas at 375, 768 and 1280 in both languages.
listScreenshots([
  'client',
  'material',
  'materialtest',
  'originalsample',
  'standard/common',
  'standard/country',
]);
