import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  public: "/public/:reportUuid",
  shared: "/shared/:reportUuid",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  open: [
    { path: paths.public, lazy: async () => ({ Component: (await import("./public-report-page")).PublicReportPage }) },
    { path: paths.shared, lazy: async () => ({ Component: (await import("./shared-report-page")).SharedReportPage }) },
  ],
};
