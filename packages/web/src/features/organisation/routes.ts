import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  teams: "/v3/teams",
  tags: "/v3/tags",
  sources: "/v3/sources",
  formSelectors: "/v3/form-selectors",
  customDashboards: "/v3/custom-dashboards",
  customDashboardsItem: "/v3/custom-dashboards/:id",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    { path: paths.teams, lazy: async () => ({ Component: (await import("./teams-page")).TeamsPage }) },
    { path: paths.tags, lazy: async () => ({ Component: (await import("./tags-page")).TagsPage }) },
    { path: paths.sources, lazy: async () => ({ Component: (await import("./sources-page")).SourcesPage }) },
    { path: paths.formSelectors, lazy: async () => ({ Component: (await import("./selectors-page")).SelectorsPage }) },
    { path: paths.customDashboards, lazy: async () => ({ Component: (await import("./custom-dashboards-page")).CustomDashboardsPage }) },
    { path: paths.customDashboardsItem, lazy: async () => ({ Component: (await import("./custom-dashboard-view")).CustomDashboardView }) },
  ],
};
