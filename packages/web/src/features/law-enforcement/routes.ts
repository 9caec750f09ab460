import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  lawEnforcementAccess: "/v3/law-enforcement/access",
  lawEnforcementForm: "/v3/law-enforcement/form",
  lawEnforcementRequests: "/v3/law-enforcement-requests",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  open: [
    { path: paths.lawEnforcementAccess, lazy: async () => ({ Component: (await import("./access-page")).LawEnforcementAccessPage }) },
    { path: paths.lawEnforcementForm, lazy: async () => ({ Component: (await import("./form-page")).LawEnforcementFormPage }) },
  ],
  signedIn: [
    { path: paths.lawEnforcementRequests, lazy: async () => ({ Component: (await import("./requests-page")).LawEnforcementRequestsPage }) },
  ],
};
