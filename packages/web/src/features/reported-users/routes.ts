import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  reportedUsers: "/v3/reported-users",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    { path: paths.reportedUsers, lazy: async () => ({ Component: (await import("./reported-users-page")).ReportedUsersPage }) },
  ],
};
