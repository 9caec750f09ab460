import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  home: "/",
  preregister: "/v3/preregister",
  createAccount: "/v3/create-account",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  open: [
    { path: paths.home, lazy: async () => ({ Component: (await import("./landing-page")).LandingPage }) },
    { path: paths.preregister, lazy: async () => ({ Component: (await import("./preregister-page")).PreregisterPage }) },
    { path: paths.createAccount, lazy: async () => ({ Component: (await import("./create-account-page")).CreateAccountPage }) },
  ],
};
