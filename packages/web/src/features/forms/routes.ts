import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  forms: "/v3/forms",
  formsBuilder: "/v3/forms/builder/:id",
  formsResults: "/v3/forms/:id/results",
  f: "/f/:token",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  open: [
    { path: paths.f, lazy: async () => ({ Component: (await import("./public-fill-page")).PublicFillPage }) },
  ],
  signedIn: [
    { path: paths.forms, lazy: async () => ({ Component: (await import("./forms-home-page")).FormsHomePage }) },
    { path: paths.formsBuilder, lazy: async () => ({ Component: (await import("./builder/form-builder-page")).FormBuilderPage }) },
    { path: paths.formsResults, lazy: async () => ({ Component: (await import("./form-results-page")).FormResultsPage }) },
  ],
};
