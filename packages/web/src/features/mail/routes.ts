import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  mailOutbox: "/v3/mail-outbox",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    { path: paths.mailOutbox, lazy: async () => ({ Component: (await import("./mail-outbox-page")).MailOutboxPage }) },
  ],
};
