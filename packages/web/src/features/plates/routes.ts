import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  plateLookups: "/v3/plate-lookups",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    { path: paths.plateLookups, lazy: async () => ({ Component: (await import("./plate-lookups-page")).PlateLookupsPage }) },
  ],
};
