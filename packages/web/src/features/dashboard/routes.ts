import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  dashboard: "/v3/dashboard",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    { path: paths.dashboard, lazy: async () => ({ Component: (await import("./dashboard-page")).DashboardPage }) },
  ],
};
