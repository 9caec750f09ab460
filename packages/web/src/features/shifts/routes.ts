import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  shifts: "/v3/shifts",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    { path: paths.shifts, lazy: async () => ({ Component: (await import("./shifts-page")).ShiftsPage }) },
  ],
};
