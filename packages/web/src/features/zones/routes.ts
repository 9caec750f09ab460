import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  zones: "/v3/zones",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    { path: paths.zones, lazy: async () => ({ Component: (await import("./zones-page")).ZonesPage }) },
  ],
};
