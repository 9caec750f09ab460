import { lazy, type ReactNode } from "react";
import { useOutletContext, useParams } from "react-router";
import { DuplicateSuggestions } from "../duplicates/duplicate-suggestions";
import { loadReportFormTab, ReportWriteBack } from "../../forms";
import { ReportLifeCard } from "../life/report-life-card";
import { DetailFlags } from "../flags/detail-flags";
import { ReportDetail, type ReportDetailSections } from "../detail/report-detail";

// The workflow form tab (issue 16) brings the form renderer: its code loads when the tab is opened.
const ReportFormTab = lazy(async () => ({ default: (await loadReportFormTab()).ReportFormTab }));

/** The detail's sections of the features built on a report, which the detail itself does not import. */
const SECTIONS: ReportDetailSections = {
  flags: DetailFlags,
  duplicates: DuplicateSuggestions,
  writeBack: ReportWriteBack,
  life: ReportLifeCard,
  formTab: ReportFormTab,
};

/** What a parent route may pass through `<Outlet context={…} />`: `pane` when shown beside the events list. */
export interface ReportDetailOutletContext {
  pane?: boolean;
}

/** `/v3/events/:reportUuid`: the report detail, full width or as the events list's side pane, with the
 * sections of the flags, duplicates, forms and report-life features. */
export function ReportDetailPage(): ReactNode {
  const { reportUuid = "" } = useParams();
  const context = useOutletContext<ReportDetailOutletContext | undefined>();
  return <ReportDetail key={reportUuid} uuid={reportUuid} pane={context?.pane === true} sections={SECTIONS} />;
}
