import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  operators: "/v3/operators",
  connections: "/v3/connections",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    { path: paths.operators, lazy: async () => ({ Component: (await import("./operators-page")).OperatorsPage }) },
    { path: paths.connections, lazy: async () => ({ Component: (await import("./connections-page")).ConnectionsPage }) },
  ],
};
