import { type PageModule, page } from '../lib/feature';
import { features } from './features';

// Each page is its own chunk: a route downloads its screen on top of the shell and nothing else.
const pages: Record<string, PageModule> = Object.assign(
  {
    // The back office shows the mail outbox too: the shell composes the two features (config-route.tsx).
    Config: page(
      () => import('./config-route'),
      (m) => m.ConfigRoute,
    ),
  },
  ...features.map((feature) => feature.pages),
);

/** Routes of spec §2 whose screens exist; every other guarded route shows the coming-later page. */
export const BUILT_ROUTES: readonly string[] = Object.keys(pages);

const comingSoon = page(
  () => import('../features/coming-soon/coming-soon-page'),
  (m) => m.ComingSoonPage,
);

export function pageFor(name: string): PageModule {
  return pages[name] ?? comingSoon;
}
