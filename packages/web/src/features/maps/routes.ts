import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  maps: "/v3/maps",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    { path: paths.maps, lazy: async () => ({ Component: (await import("./maps-page")).MapsPage }) },
  ],
};
