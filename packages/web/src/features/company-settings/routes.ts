import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  settings: "/v3/settings",
  companies: "/v3/companies",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    { path: paths.settings, lazy: async () => ({ Component: (await import("./settings-page")).SettingsPage }) },
    { path: paths.companies, lazy: async () => ({ Component: (await import("./companies-page")).CompaniesPage }) },
  ],
};
