import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  activities: "/v3/activities",
  activitiesCompliance: "/v3/activities/compliance",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    { path: paths.activities, lazy: async () => ({ Component: (await import("./activities-page")).ActivitiesPage }) },
    { path: paths.activitiesCompliance, lazy: async () => ({ Component: (await import("./compliance-page")).CompliancePage }) },
  ],
};
