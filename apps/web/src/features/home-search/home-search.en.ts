import type { TextShape } from '../../i18n/text-shape';

/** English texts of the home search (features/home-search); merged by the shell as the `homeSearch` namespace. */
export const homeSearchEn = {
  title: 'Search',
  mode: 'Find',
  modeAll: 'Everything',
  modeOrder: 'PO / order number ending with',
  modeProductionSample: 'Production-sample number ending with',
  modeOrderProduct: 'Product number containing',
  modeClient: 'Client name containing',
  modeCountryStandard: 'Country-standard name containing',
  modeTestItem: 'Test-item name containing',
  modeMaterial: 'Material containing',
  modeOriginalSample: 'Original sample containing',
  term: 'Search for',
  placeholder: 'A number or a name',
  submit: 'Search',
  termRequired: 'Enter what to search for',
  tooShort: 'Enter at least {{min}} characters',
  hint: 'Numbers match at their end, names anywhere; at least {{min}} characters. Only what you may open is searched.',
  intro: 'Search orders, samples, products, clients, standards and test items at once.',
  nothing: 'Nothing matches “{{term}}”.',
  unavailable: 'This kind of record is not searchable for you yet.',
  failed: 'The search failed',
  retry: 'Try again',
  groupEmpty: 'No match',
  more: 'Only the first {{count}} matches are shown: refine the search.',
  openList: 'Open {{list}}',
} as const;

/** The shape the Chinese texts must fill. */
export type HomeSearchShape = TextShape<typeof homeSearchEn>;
