import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  collaboratorsMessages: "/v3/collaborators/messages",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    { path: paths.collaboratorsMessages, lazy: async () => ({ Component: (await import("./collaborator-messages-page")).CollaboratorMessagesPage }) },
  ],
};
