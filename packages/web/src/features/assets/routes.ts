import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  assets: "/v3/assets",
  a: "/a/:uuid",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  open: [
    { path: paths.a, lazy: async () => ({ Component: (await import("./public-asset-page")).PublicAssetPage }) },
  ],
  signedIn: [
    { path: paths.assets, lazy: async () => ({ Component: (await import("./assets-page")).AssetsPage }) },
  ],
};
