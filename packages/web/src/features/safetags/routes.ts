import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  safetags: "/v3/safetags",
  t: "/t/:code",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  open: [
    { path: paths.t, lazy: async () => ({ Component: (await import("./finder-page")).FinderPage }) },
  ],
  signedIn: [
    { path: paths.safetags, lazy: async () => ({ Component: (await import("./safetags-page")).SafetagsPage }) },
  ],
};
