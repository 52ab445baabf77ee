import type { ComponentType } from 'react';

type PageModule = () => Promise<{ Component: ComponentType }>;

// Each page is its own chunk: a route downloads its screen on top of the shell and nothing else.
const pages: Record<string, PageModule> = {
  Home: async () => ({ Component: (await import('../features/home/home-page')).HomePage }),
  HomeSearch: async () => ({
    Component: (await import('../features/home-search/home-search-page')).HomeSearchPage,
  }),
  User: async () => ({ Component: (await import('../features/users/users-list-page')).UsersListPage }),
  UserDetail: async () => ({
    Component: (await import('../features/users/user-detail-page')).UserDetailPage,
  }),
  Client: async () => ({ Component: (await import('../features/client/client-list-page')).ClientListPage }),
  ClientDetail: async () => ({
    Component: (await import('../features/client/client-detail-page')).ClientDetailPage,
  }),
  ClientSafeTest: async () => ({
    Component: (await import('../features/client/client-safety-test-page')).ClientSafetyTestPage,
  }),
  Material: async () => ({
    Component: (await import('../features/material/material-list-page')).MaterialListPage,
  }),
  MaterialDetail: async () => ({
    Component: (await import('../features/material/material-detail-page')).MaterialDetailPage,
  }),
  MaterialTest: async () => ({
    Component: (await import('../features/material-test/material-test-list-page')).MaterialTestListPage,
  }),
  MaterialTestDetail: async () => ({
    Component: (await import('../features/material-test/material-test-detail-page')).MaterialTestDetailPage,
  }),
  OriginalSample: async () => ({
    Component: (await import('../features/original-sample/original-sample-list-page')).OriginalSampleListPage,
  }),
  OriginalSampleDetail: async () => ({
    Component: (await import('../features/original-sample/original-sample-detail-page'))
      .OriginalSampleDetailPage,
  }),
  StandardCommon: async () => ({
    Component: (await import('../features/standard/standard-list-page')).CommonStandardListPage,
  }),
  StandardCommonDetail: async () => ({
    Component: (await import('../features/standard/standard-detail-page')).CommonStandardDetailPage,
  }),
  StandardCountry: async () => ({
    Component: (await import('../features/standard/standard-list-page')).CountryStandardListPage,
  }),
  StandardCountryDetail: async () => ({
    Component: (await import('../features/standard/standard-detail-page')).CountryStandardDetailPage,
  }),
  Config: async () => ({ Component: (await import('./config-route')).ConfigRoute }),
  Login: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
  ForgetPassword: async () => ({
    Component: (await import('../features/auth/forget-password-page')).ForgetPasswordPage,
  }),
  ChanePassword: async () => ({
    Component: (await import('../features/auth/change-password-page')).ChangePasswordPage,
  }),
  VerifyAccount: async () => ({
    Component: (await import('../features/auth/verify-account-page')).VerifyAccountPage,
  }),
  Settings: async () => ({ Component: (await import('../features/settings/settings-page')).SettingsPage }),
  Help: async () => ({ Component: (await import('../features/help/help-page')).HelpPage }),
  ErrorNetwork: async () => ({
    Component: (await import('../features/network-error/network-error-page')).NetworkErrorPage,
  }),
  Invalidate: async () => ({
    Component: (await import('../features/invalidate/invalidate-page')).InvalidatePage,
  }),
  NotFound: async () => ({ Component: (await import('../features/not-found/not-found-page')).NotFoundPage }),
  ShareFile: async () => ({
    Component: (await import('../features/share-file/share-file-page')).ShareFilePage,
  }),
};

/** Routes of spec §2 whose screens exist; every other guarded route shows the coming-later page. */
export const BUILT_ROUTES: readonly string[] = Object.keys(pages);

const comingSoon: PageModule = async () => ({
  Component: (await import('../features/coming-soon/coming-soon-page')).ComingSoonPage,
});

export function pageFor(name: string): PageModule {
  return pages[name] ?? comingSoon;
}
