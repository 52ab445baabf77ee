import { type Feature, page } from '../../lib/feature';

/** The settings area as the shell registers it (app/features.ts). */
export const settingsFeature = {
  pages: {
    Settings: page(
      () => import('./settings-page'),
      (m) => m.SettingsPage,
    ),
  },
} satisfies Feature;
