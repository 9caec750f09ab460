import type { FeatureRoutes } from "../../lib/feature";

const statusPages = () => import("./status-pages");

/** The status pages (SPEC §2): not found, not authorised, and what any unknown address shows, inside
 * the signed-in frame for an address under /v3, alone for any other. */
export const routes: FeatureRoutes = {
  open: [
    { path: "/notFound", lazy: async () => ({ Component: (await statusPages()).NotFoundPage }) },
    { path: "/notAuth", lazy: async () => ({ Component: (await statusPages()).NotAuthPage }) },
    { path: "*", lazy: async () => ({ Component: (await statusPages()).FallbackPage }) },
  ],
  signedIn: [
    {
      path: "/v3/*",
      lazy: async () => {
        const { StatusResult } = await statusPages();
        return { element: <StatusResult kind="fallback" /> };
      },
    },
  ],
};
