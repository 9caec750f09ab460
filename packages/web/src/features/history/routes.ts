import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  history: "/v3/history",
  activity: "/v3/activity",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    { path: paths.history, lazy: async () => ({ Component: (await import("./history-page")).HistoryPage }) },
    { path: paths.activity, lazy: async () => ({ Component: (await import("./activity-page")).ActivityPage }) },
  ],
};
