import { Navigate, createBrowserRouter } from "react-router";
import { AnswersPage } from "../features/answers/answers-page";
import { LoginPage } from "../features/auth/login-page";
import { FallbackPage, NotAuthPage, NotFoundPage, StatusResult } from "../features/errors/status-pages";
import { EventsIndexPane, EventsPanel } from "../features/events/events-panel";
import { PublicReportPage } from "../features/public-link/public-report-page";
import { CreateReportPage } from "../features/reports/create-report/create-report-page";
import { ReportDetailPage } from "../features/reports/report-detail-page";
import { RequireSession, RootRedirect } from "../features/session/session-routes";
import { AppLayout } from "../features/shell/app-layout";

/** Client routes of SPEC §2 owned by the foundation issue; everything else falls back to "page not found". */
export const router = createBrowserRouter([
  { path: "/", element: <RootRedirect /> },
  { path: "/v3/login", element: <LoginPage /> },
  {
    path: "/v3",
    element: (
      <RequireSession>
        <AppLayout />
      </RequireSession>
    ),
    children: [
      { index: true, element: <Navigate to="/v3/events" replace /> },
      {
        // The list stays at the left on wide screens; the selected report or the create form at the right.
        path: "events",
        element: <EventsPanel />,
        children: [
          { index: true, element: <EventsIndexPane /> },
          { path: "new", element: <CreateReportPage /> },
          { path: ":reportUuid", element: <ReportDetailPage /> },
        ],
      },
      { path: "answers", element: <AnswersPage /> },
      // Lazy: the search screen's code loads only when /v3/search opens.
      { path: "search", lazy: async () => ({ Component: (await import("../features/search/search-page")).SearchPage }) },
      // Lazy: the reported users screen's code loads only when /v3/reported-users opens.
      {
        path: "reported-users",
        lazy: async () => ({ Component: (await import("../features/reported-users/reported-users-page")).ReportedUsersPage }),
      },
      { path: "*", element: <StatusResult kind="fallback" /> },
    ],
  },
  { path: "/public/:reportUuid", element: <PublicReportPage /> },
  { path: "/notFound", element: <NotFoundPage /> },
  { path: "/notAuth", element: <NotAuthPage /> },
  { path: "*", element: <FallbackPage /> },
]);
