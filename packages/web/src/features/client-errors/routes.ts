import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  clientErrors: "/v3/client-errors",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    { path: paths.clientErrors, lazy: async () => ({ Component: (await import("./client-errors-page")).ClientErrorsPage }) },
  ],
};
