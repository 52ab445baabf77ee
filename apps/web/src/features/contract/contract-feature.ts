import { type Feature, page } from '../../lib/feature';

/** The contract area as the shell registers it (app/features.ts): the contract screen of an order. */
export const contractFeature = {
  pages: {
    Contract: page(
      () => import('./contract-page'),
      (m) => m.ContractPage,
    ),
  },
  texts: {
    en: async () => ({ contract: (await import('./contract.en')).contractEn }),
    zh: async () => ({ contract: (await import('./contract.zh')).contractZh }),
  },
} satisfies Feature;
