import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  patrols: "/v3/patrols",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    { path: paths.patrols, lazy: async () => ({ Component: (await import("./patrols-page")).PatrolsPage }) },
  ],
};
