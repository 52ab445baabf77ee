import { type Feature, page } from '../../lib/feature';

/** The auth area as the shell registers it (app/features.ts). */
export const authFeature = {
  pages: {
    Login: page(
      () => import('./login-page'),
      (m) => m.LoginPage,
    ),
    ForgetPassword: page(
      () => import('./forget-password-page'),
      (m) => m.ForgetPasswordPage,
    ),
    ChanePassword: page(
      () => import('./change-password-page'),
      (m) => m.ChangePasswordPage,
    ),
    VerifyAccount: page(
      () => import('./verify-account-page'),
      (m) => m.VerifyAccountPage,
    ),
  },
} satisfies Feature;
