import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  authForgetpassword: "/v3/auth/forgetPassword",
  authResetpassword: "/v3/auth/resetPassword/:code",
  authResetpasswordV2: "/v2/auth/resetPassword/:code",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  open: [
    { path: paths.authForgetpassword, lazy: async () => ({ Component: (await import("./forgot-password-page")).ForgotPasswordPage }) },
    { path: paths.authResetpassword, lazy: async () => ({ Component: (await import("./reset-password-page")).ResetPasswordPage }) },
    { path: paths.authResetpasswordV2, lazy: async () => ({ Component: (await import("./reset-password-page")).ResetPasswordPage }) },
  ],
};
