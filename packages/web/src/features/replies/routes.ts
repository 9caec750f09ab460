import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  replies: "/v3/replies",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    { path: paths.replies, lazy: async () => ({ Component: (await import("./replies-page")).RepliesPage }) },
  ],
};
