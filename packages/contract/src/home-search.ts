import { z } from 'zod';
import { defineOperation } from './operation';
import { idOut, str } from './schemas';

// Home search (DOMAIN.md §6.11, spec §2 "search"): one term, several sources searched in parallel,
// each limited to HOME_SEARCH_LIMIT hits and to the caller's scope; a source the caller may not
// read is left out. Sources of later areas (orders, production samples, order products) are named
// here already; the server answers those that are registered.

export const HOME_SEARCH_MIN_LENGTH = 2;
export const HOME_SEARCH_LIMIT = 10;

type Labels = { readonly zh: string; readonly en: string };

interface SourceDef {
  readonly label: Labels;
  /** How the term matches, for the hint under the search box. */
  readonly match: 'ends' | 'has';
  /** The route a hit opens (DOMAIN.md §5.2 route names), with the hit's id as `{id}`. */
  readonly route: string;
}

/** Every source, in the order the groups are shown. */
export const HOME_SEARCH_SOURCES = {
  order: { label: { zh: '订单', en: 'Orders' }, match: 'ends', route: 'OrderDetail' },
  productionSample: {
    label: { zh: '大货样', en: 'Production samples' },
    match: 'ends',
    route: 'ProductionSampleDetail',
  },
  orderProduct: { label: { zh: '订单产品', en: 'Order products' }, match: 'has', route: 'OrderDetail' },
  client: { label: { zh: '客户', en: 'Clients' }, match: 'has', route: 'ClientDetail' },
  countryStandard: {
    label: { zh: '国家标准', en: 'Country standards' },
    match: 'has',
    route: 'StandardCountryDetail',
  },
  testItem: { label: { zh: '测试项目', en: 'Test items' }, match: 'has', route: 'Config' },
  material: { label: { zh: '材料', en: 'Materials' }, match: 'has', route: 'MaterialDetail' },
  originalSample: {
    label: { zh: '原样', en: 'Original samples' },
    match: 'has',
    route: 'OriginalSampleDetail',
  },
} as const satisfies Record<string, SourceDef>;

export type HomeSearchSource = keyof typeof HOME_SEARCH_SOURCES;
export const HOME_SEARCH_SOURCE_KEYS = Object.keys(HOME_SEARCH_SOURCES) as HomeSearchSource[];

export const homeSearchHit = z.object({
  /** The record the hit opens (for an order product: its order, see `parentId`). */
  id: idOut,
  /** The matched number or name (PO number, item no, client name, …). */
  title: z.string(),
  /** A second line: the client of a sample, the country of a standard, the other language. */
  subtitle: z.string().nullable(),
  /** Order products: the order to open. */
  parentId: idOut.nullable(),
});

export const homeSearchGroup = z.object({
  source: z.enum(HOME_SEARCH_SOURCE_KEYS as [HomeSearchSource, ...HomeSearchSource[]]),
  hits: z.array(homeSearchHit),
  /** More than HOME_SEARCH_LIMIT records match: refine the term or open the list screen. */
  more: z.boolean(),
});

export type HomeSearchHit = z.output<typeof homeSearchHit>;
export type HomeSearchGroup = z.output<typeof homeSearchGroup>;

export const homeSearch = defineOperation({
  path: 'search',
  method: 'POST',
  permission: 'signed-in',
  summary:
    'Home search: PO / order number and production-sample number ending with the term, product number, client name, country-standard name, test-item name, material and original sample containing it; up to 10 hits per group, in scope.',
  input: z.object({
    term: str(100).refine((v) => [...v].length >= HOME_SEARCH_MIN_LENGTH, {
      params: { reason: 'E_TOO_SHORT', min: HOME_SEARCH_MIN_LENGTH },
    }),
  }),
  output: z.object({ term: z.string(), groups: z.array(homeSearchGroup) }),
});
