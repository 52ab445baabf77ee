import { type Feature, page } from '../../lib/feature';

/** The users area as the shell registers it (app/features.ts). */
export const usersFeature = {
  pages: {
    User: page(
      () => import('./users-list-page'),
      (m) => m.UsersListPage,
    ),
    UserDetail: page(
      () => import('./user-detail-page'),
      (m) => m.UserDetailPage,
    ),
  },
  texts: {
    en: async () => (await import('./users.en')).usersEn,
    zh: async () => (await import('./users.zh')).usersZh,
  },
} satisfies Feature;
