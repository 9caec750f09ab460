import type { ReactNode } from "react";
import { Navigate, Outlet, createBrowserRouter } from "react-router";
import { useTranslation } from "react-i18next";
import { FullPageLoader } from "../components/full-page-loader";
import { LoginPage } from "../features/auth/login-page";
import { RequireSession } from "../features/session/session-routes";
import { RouteErrorPage } from "../features/client-errors/route-error";
import { loadPortalTexts } from "../lib/i18n";
import { queryClient } from "./query-client";

/** What shows while a lazily loaded screen arrives on the first page load. */
function LoadingScreen(): ReactNode {
  const { t } = useTranslation();
  return <FullPageLoader label={t("common.loading")} />;
}

const statusPages = () => import("../features/errors/status-pages");

type Routes = Parameters<typeof createBrowserRouter>[0];

/** Every lazy route also awaits the Spanish texts beyond the login page's (i18n.ts), with its code. */
function withPortalTexts(routes: Routes): Routes {
  return routes.map((route) => {
    const { lazy, children } = route;
    const loaded = typeof lazy === "function" ? { lazy: async () => (await Promise.all([lazy(), loadPortalTexts()]))[0] } : {};
    return { ...route, ...loaded, ...(children ? { children: withPortalTexts(children) } : {}) } as typeof route;
  });
}

/**
 * Client routes of SPEC §2. Only the login and the redirects are in the first download: every other
 * screen (the signed-in frame and shell, the events panel, a report, the create form with its map,
 * answers, search…, the public link and the status pages) is a `lazy` route whose code loads when it
 * opens, all of a route's pieces at once rather than one after the other.
 */
export const router = createBrowserRouter(withPortalTexts([
  {
    // A page opened on a lazy route shows the loader until its code has arrived.
    hydrateFallbackElement: <LoadingScreen />,
    // A screen that throws while rendering, or whose code cannot load, is reported (features/client-errors).
    errorElement: <RouteErrorPage />,
    children: [
  // Visitor pages (issue 13), each loaded when it opens: the landing, sign-up, password reset, law enforcement.
  { path: "/", lazy: async () => ({ Component: (await import("../features/signup/landing-page")).LandingPage }) },
  { path: "/v3/login", element: <LoginPage /> },
  { path: "/v3/preregister", lazy: async () => ({ Component: (await import("../features/signup/preregister-page")).PreregisterPage }) },
  { path: "/v3/create-account", lazy: async () => ({ Component: (await import("../features/signup/create-account-page")).CreateAccountPage }) },
  { path: "/v3/auth/forgetPassword", lazy: async () => ({ Component: (await import("../features/password-reset/forgot-password-page")).ForgotPasswordPage }) },
  { path: "/v3/auth/resetPassword/:code", lazy: async () => ({ Component: (await import("../features/password-reset/reset-password-page")).ResetPasswordPage }) },
  { path: "/v2/auth/resetPassword/:code", lazy: async () => ({ Component: (await import("../features/password-reset/reset-password-page")).ResetPasswordPage }) },
  { path: "/v3/law-enforcement/access", lazy: async () => ({ Component: (await import("../features/law-enforcement/access-page")).LawEnforcementAccessPage }) },
  { path: "/v3/law-enforcement/form", lazy: async () => ({ Component: (await import("../features/law-enforcement/form-page")).LawEnforcementFormPage }) },
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
        children: [
          { index: true, element: <Navigate to="/v3/events" replace /> },
          {
            // The list stays at the left on wide screens; the selected report or the create form at the right.
            path: "events",
            // Not awaited: the settings and the first page start beside the route's code, not after it.
            loader: () => {
              void import("../features/events/prefetch-panel").then((m) => m.prefetchPanel(queryClient));
              return null;
            },
            lazy: async () => ({ Component: (await import("../features/events/events-panel")).EventsPanel }),
            children: [
              { index: true, lazy: async () => ({ Component: (await import("../features/events/events-panel")).EventsIndexPane }) },
              { path: "new", lazy: async () => ({ Component: (await import("../features/reports/create-report/create-report-page")).CreateReportPage }) },
              { path: ":reportUuid", lazy: async () => ({ Component: (await import("../features/events/report-detail-page")).ReportDetailPage }) },
            ],
          },
          { path: "answers", lazy: async () => ({ Component: (await import("../features/answers/answers-page")).AnswersPage }) },
          { path: "search", lazy: async () => ({ Component: (await import("../features/search/search-page")).SearchPage }) },
          {
            path: "reported-users",
            lazy: async () => ({ Component: (await import("../features/reported-users/reported-users-page")).ReportedUsersPage }),
          },
          { path: "reviews", lazy: async () => ({ Component: (await import("../features/report-life/review-page")).ReviewPage }) },
          { path: "history", lazy: async () => ({ Component: (await import("../features/history/history-page")).HistoryPage }) },
          { path: "dashboard", lazy: async () => ({ Component: (await import("../features/dashboard/dashboard-page")).DashboardPage }) },
          {
            path: "collaborators/messages",
            lazy: async () => ({ Component: (await import("../features/collaborator-messages/collaborator-messages-page")).CollaboratorMessagesPage }),
          },
          { path: "shifts", lazy: async () => ({ Component: (await import("../features/shifts/shifts-page")).ShiftsPage }) },
          { path: "users", lazy: async () => ({ Component: (await import("../features/users/users-page")).UsersPage }) },
          { path: "users/:id", lazy: async () => ({ Component: (await import("../features/users/user-view-page")).UserViewPage }) },
          { path: "patrols", lazy: async () => ({ Component: (await import("../features/patrols/patrols-page")).PatrolsPage }) },
          { path: "maps", lazy: async () => ({ Component: (await import("../features/maps/maps-page")).MapsPage }) },
          { path: "zones", lazy: async () => ({ Component: (await import("../features/zones/zones-page")).ZonesPage }) },
          { path: "settings", lazy: async () => ({ Component: (await import("../features/company-settings/settings-page")).SettingsPage }) },
          { path: "law-enforcement-requests", lazy: async () => ({ Component: (await import("../features/law-enforcement/requests-page")).LawEnforcementRequestsPage }) },
          { path: "mail-outbox", lazy: async () => ({ Component: (await import("../features/mail/mail-outbox-page")).MailOutboxPage }) },
          { path: "companies", lazy: async () => ({ Component: (await import("../features/company-settings/companies-page")).CompaniesPage }) },
          { path: "client-errors", lazy: async () => ({ Component: (await import("../features/client-errors/client-errors-page")).ClientErrorsPage }) },
          { path: "activity", lazy: async () => ({ Component: (await import("../features/history/activity-page")).ActivityPage }) },
          { path: "replies", lazy: async () => ({ Component: (await import("../features/replies/replies-page")).RepliesPage }) },
          { path: "operators", lazy: async () => ({ Component: (await import("../features/operators/operators-page")).OperatorsPage }) },
          { path: "connections", lazy: async () => ({ Component: (await import("../features/operators/connections-page")).ConnectionsPage }) },
          { path: "plate-lookups", lazy: async () => ({ Component: (await import("../features/plates/plate-lookups-page")).PlateLookupsPage }) },
          { path: "sounds", lazy: async () => ({ Component: (await import("../features/alarm/sounds-page")).SoundsPage }) },
          // Mass messages (issue 15): the company's list and editor; the provider's approval queue.
          { path: "messages", lazy: async () => ({ Component: (await import("../features/messages/messages-page")).MessagesPage }) },
          { path: "messages-approval", lazy: async () => ({ Component: (await import("../features/messages/approval-page")).ApprovalPage }) },
          // Organisation administration (issue 12).
          { path: "teams", lazy: async () => ({ Component: (await import("../features/organisation/teams-page")).TeamsPage }) },
          { path: "tags", lazy: async () => ({ Component: (await import("../features/organisation/tags-page")).TagsPage }) },
          { path: "sources", lazy: async () => ({ Component: (await import("../features/organisation/sources-page")).SourcesPage }) },
          { path: "form-selectors", lazy: async () => ({ Component: (await import("../features/organisation/selectors-page")).SelectorsPage }) },
          { path: "assets", lazy: async () => ({ Component: (await import("../features/assets/assets-page")).AssetsPage }) },
          { path: "safetags", lazy: async () => ({ Component: (await import("../features/safetags/safetags-page")).SafetagsPage }) },
          { path: "custom-dashboards", lazy: async () => ({ Component: (await import("../features/organisation/custom-dashboards-page")).CustomDashboardsPage }) },
          // Dynamic forms (issue 16).
          { path: "forms", lazy: async () => ({ Component: (await import("../features/forms/forms-home-page")).FormsHomePage }) },
          { path: "forms/builder/:id", lazy: async () => ({ Component: (await import("../features/forms/builder/form-builder-page")).FormBuilderPage }) },
          { path: "forms/:id/results", lazy: async () => ({ Component: (await import("../features/forms/form-results-page")).FormResultsPage }) },
          // Activities and compliance (issue 16).
          { path: "activities", lazy: async () => ({ Component: (await import("../features/activities/activities-page")).ActivitiesPage }) },
          { path: "activities/compliance", lazy: async () => ({ Component: (await import("../features/activities/compliance-page")).CompliancePage }) },
          { path: "custom-dashboards/:id", lazy: async () => ({ Component: (await import("../features/organisation/custom-dashboard-view")).CustomDashboardView }) },
          {
            path: "*",
            lazy: async () => {
              const { StatusResult } = await statusPages();
              return { element: <StatusResult kind="fallback" /> };
            },
          },
        ],
      },
    ],
  },
  { path: "/a/:uuid", lazy: async () => ({ Component: (await import("../features/assets/public-asset-page")).PublicAssetPage }) },
  { path: "/t/:code", lazy: async () => ({ Component: (await import("../features/safetags/finder-page")).FinderPage }) },
  // A dynamic form's public fill link (issue 16): no session.
  { path: "/f/:token", lazy: async () => ({ Component: (await import("../features/forms/public-fill-page")).PublicFillPage }) },
  { path: "/public/:reportUuid", lazy: async () => ({ Component: (await import("../features/public-link/public-report-page")).PublicReportPage }) },
  {
    path: "/shared/:reportUuid",
    lazy: async () => ({ Component: (await import("../features/public-link/shared-report-page")).SharedReportPage }),
  },
  { path: "/notFound", lazy: async () => ({ Component: (await statusPages()).NotFoundPage }) },
  { path: "/notAuth", lazy: async () => ({ Component: (await statusPages()).NotAuthPage }) },
  { path: "*", lazy: async () => ({ Component: (await statusPages()).FallbackPage }) },
    ],
  },
]));
