import { queryClient } from "../../lib/query-client";
import type { FeatureRoutes } from "../../lib/feature";

/** The addresses of the report screens (their menu rows point at them). */
export const paths = {
  events: "/v3/events",
  reviews: "/v3/reviews",
} as const;

/** The report screens, each loaded when it opens. */
export const routes: FeatureRoutes = {
  signedIn: [
    {
      // The list stays at the left on wide screens; the selected report or the create form at the right.
      path: paths.events,
      // Not awaited: the settings and the first page start beside the route's code, not after it.
      loader: () => {
        void import("./panel/prefetch-panel").then((m) => m.prefetchPanel(queryClient));
        return null;
      },
      lazy: async () => ({ Component: (await import("./panel/events-panel")).EventsPanel }),
      children: [
        { index: true, lazy: async () => ({ Component: (await import("./panel/events-panel")).EventsIndexPane }) },
        { path: "new", lazy: async () => ({ Component: (await import("./create-report/create-report-page")).CreateReportPage }) },
        { path: ":reportUuid", lazy: async () => ({ Component: (await import("./panel/report-detail-page")).ReportDetailPage }) },
      ],
    },
    { path: paths.reviews, lazy: async () => ({ Component: (await import("./life/review-page")).ReviewPage }) },
  ],
};
