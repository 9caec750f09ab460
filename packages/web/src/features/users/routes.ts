import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  users: "/v3/users",
  usersItem: "/v3/users/:id",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    { path: paths.users, lazy: async () => ({ Component: (await import("./users-page")).UsersPage }) },
    { path: paths.usersItem, lazy: async () => ({ Component: (await import("./user-view-page")).UserViewPage }) },
  ],
};
