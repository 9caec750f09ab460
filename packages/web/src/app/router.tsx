import type { ReactNode } from "react";
import { Navigate, Outlet, createBrowserRouter } from "react-router";
import { useTranslation } from "react-i18next";
import { FullPageLoader } from "../components/full-page-loader";
import { RequireSession, SIGNED_IN_HOME } from "../features/session";
import { RouteErrorPage } from "../features/client-errors";
import { loadPortalTexts } from "../lib/i18n";
import type { FeatureRoutes } from "../lib/feature";
import * as activities from "../features/activities";
import * as alarm from "../features/alarm";
import * as answers from "../features/answers";
import * as assets from "../features/assets";
import * as auth from "../features/auth";
import * as clientErrors from "../features/client-errors";
import * as collaboratorMessages from "../features/collaborator-messages";
import * as companySettings from "../features/company-settings";
import * as dashboard from "../features/dashboard";
import * as errors from "../features/errors";
import * as forms from "../features/forms";
import * as history from "../features/history";
import * as lawEnforcement from "../features/law-enforcement";
import * as mail from "../features/mail";
import * as maps from "../features/maps";
import * as messages from "../features/messages";
import * as operators from "../features/operators";
import * as organisation from "../features/organisation";
import * as passwordReset from "../features/password-reset";
import * as patrols from "../features/patrols";
import * as plates from "../features/plates";
import * as publicLink from "../features/public-link";
import * as replies from "../features/replies";
import * as reportedUsers from "../features/reported-users";
import * as reports from "../features/reports";
import * as safetags from "../features/safetags";
import * as search from "../features/search";
import * as shifts from "../features/shifts";
import * as signup from "../features/signup";
import * as users from "../features/users";
import * as zones from "../features/zones";

/** What shows while a lazily loaded screen arrives on the first page load. */
function LoadingScreen(): ReactNode {
  const { t } = useTranslation();
  return <FullPageLoader label={t("common.loading")} />;
}

type Routes = Parameters<typeof createBrowserRouter>[0];

/** Every lazy route also awaits the Spanish texts beyond the login page's (i18n.ts), with its code. */
function withPortalTexts(routes: Routes): Routes {
  return routes.map((route) => {
    const { lazy, children } = route;
    const loaded = typeof lazy === "function" ? { lazy: async () => (await Promise.all([lazy(), loadPortalTexts()]))[0] } : {};
    return { ...route, ...loaded, ...(children ? { children: withPortalTexts(children) } : {}) } as typeof route;
  });
}

/** Every feature's screens (its index.ts's `routes`); a feature with screens is listed here once. */
const FEATURE_ROUTES: readonly FeatureRoutes[] = [
  activities.routes,
  alarm.routes,
  answers.routes,
  assets.routes,
  auth.routes,
  clientErrors.routes,
  collaboratorMessages.routes,
  companySettings.routes,
  dashboard.routes,
  errors.routes,
  forms.routes,
  history.routes,
  lawEnforcement.routes,
  mail.routes,
  maps.routes,
  messages.routes,
  operators.routes,
  organisation.routes,
  passwordReset.routes,
  patrols.routes,
  plates.routes,
  publicLink.routes,
  replies.routes,
  reportedUsers.routes,
  reports.routes,
  safetags.routes,
  search.routes,
  shifts.routes,
  signup.routes,
  users.routes,
  zones.routes,
];

/**
 * Client routes of SPEC §2, assembled from the features' own. Only the login and the redirects are in
 * the first download: every other screen (the signed-in frame and shell, the events panel, a report…,
 * the public link and the status pages) is a `lazy` route whose code loads when it opens, all of a
 * route's pieces at once rather than one after the other.
 */
export const router = createBrowserRouter(withPortalTexts([
  {
    // A page opened on a lazy route shows the loader until its code has arrived.
    hydrateFallbackElement: <LoadingScreen />,
    // A screen that throws while rendering, or whose code cannot load, is reported (features/client-errors).
    errorElement: <RouteErrorPage />,
    children: [
      ...FEATURE_ROUTES.flatMap((feature) => feature.open ?? []),
      {
        path: "/v3",
        element: (
          <RequireSession>
            <Outlet />
          </RequireSession>
        ),
        children: [
          {
            lazy: async () => ({ Component: (await import("./signed-in-frame")).SignedInFrame }),
            children: [{ index: true, element: <Navigate to={SIGNED_IN_HOME} replace /> }, ...FEATURE_ROUTES.flatMap((feature) => feature.signedIn ?? [])],
          },
        ],
      },
    ],
  },
]));
