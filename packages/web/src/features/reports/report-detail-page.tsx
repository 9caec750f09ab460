import type { ReactNode } from "react";
import { useOutletContext, useParams } from "react-router";
import { ReportDetail } from "./detail/report-detail";

/** What a parent route may pass through `<Outlet context={…} />`: `pane` when shown beside the events list. */
export interface ReportDetailOutletContext {
  pane?: boolean;
}

/** `/v3/events/:reportUuid`: the report detail, full width or as the events list's side pane. */
export function ReportDetailPage(): ReactNode {
  const { reportUuid = "" } = useParams();
  const context = useOutletContext<ReportDetailOutletContext | undefined>();
  return <ReportDetail key={reportUuid} uuid={reportUuid} pane={context?.pane === true} />;
}
