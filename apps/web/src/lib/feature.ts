import type { Language } from '@qcdesk/contract/messages';
import type { ComponentType } from 'react';

/** A route's screen, loaded when the route is first opened: each page is a chunk of its own. */
export type PageModule = () => Promise<{ Component: ComponentType }>;

/** `page(() => import('./x-page'), (m) => m.XPage)`: the loader the router expects. */
export const page =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType): PageModule =>
  async () => ({ Component: pick(await load()) });

/**
 * What a feature registers with the shell, in one line of app/features.ts (STYLE.md "anatomy of
 * one area"): its pages keyed by route name (spec §2) and its texts, one namespace per feature,
 * each language loaded on its own.
 */
export interface Feature {
  pages: Record<string, PageModule>;
  texts?: Record<Language, () => Promise<object>>;
}
