import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  sounds: "/v3/sounds",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    { path: paths.sounds, lazy: async () => ({ Component: (await import("./sounds-page")).SoundsPage }) },
  ],
};
