import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of this feature's screens (its menu rows point at them). */
export const paths = {
  answers: "/v3/answers",
} as const;

/** This feature's screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    { path: paths.answers, lazy: async () => ({ Component: (await import("./answers-page")).AnswersPage }) },
  ],
};
