import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  messages: "/v3/messages",
  messagesApproval: "/v3/messages-approval",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    { path: paths.messages, lazy: async () => ({ Component: (await import("./messages-page")).MessagesPage }) },
    { path: paths.messagesApproval, lazy: async () => ({ Component: (await import("./approval-page")).ApprovalPage }) },
  ],
};
