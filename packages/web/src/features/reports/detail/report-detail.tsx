import { Suspense, useCallback, useState, type ComponentType, type ReactNode } from "react";
import { Alert, Badge, Button, Card, Result, Skeleton, Tabs } from "antd";
import { CommentOutlined, FileImageOutlined, FormOutlined, HistoryOutlined, LockOutlined, ReloadOutlined, TeamOutlined } from "@ant-design/icons";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Navigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { Comment, Note, Report } from "@atalaya/shared";
import { isApiError } from "../../../lib/api";
import { useSettings } from "../../settings";
import { actionErrorMessage } from "./action-errors";
import { ActivityPanel } from "./activity-panel";
import { AddressCard } from "./address-card";
import { AssignmentCard } from "./assignment-card";
import { CommentsPanel } from "./comments-panel";
import { detailKeys, fetchComments, fetchFollowers, fetchNotes, fetchReportByUuid, type Followers } from "./detail-api";
import { FollowersPanel } from "./followers-panel";
import { GalleryPanel } from "./gallery-panel";
import { otherViewers } from "./live-updates";
import { NotesPanel } from "./notes-panel";
import { ReportForm } from "./report-form";
import { ReportHeader } from "./report-header";
import { ReportPreview } from "./report-preview";
import { usePresence } from "./use-presence";
import { useReportLive } from "./use-report-live";
import "./report-detail.css";

/** What a section of the detail gets: the report, its company, and `onReport` for the report a change answered. */
export interface DetailSectionProps {
  report: Report;
  companyId: number;
  onReport(next: Report): void;
}

/**
 * The detail's sections that the features built on a report bring: the detail imports none of them, the
 * page that shows it passes them (events/report-detail-page.tsx).
 */
export interface ReportDetailSections {
  /** Under the header: the flags bar (highlight, comments closed, premium, seen). */
  flags: ComponentType<DetailSectionProps>;
  /** First in the main column: the duplicate suggestions. */
  duplicates: ComponentType<DetailSectionProps>;
  /** The code and answers a form wrote back, in a card when the report has any. */
  writeBack: ComponentType<{ report: Report }>;
  /** Last in the main column: the report's life (review, substatus, rating, gathering). */
  life: ComponentType<DetailSectionProps>;
  /** The "Formulario" tab, when the company has the forms module (shown under Suspense: it may be lazy). */
  formTab: ComponentType<DetailSectionProps>;
}

function TabLabel({ icon, text, count, testId }: { icon: ReactNode; text: string; count?: number; testId: string }): ReactNode {
  return (
    <span className="rd-tab" data-testid={testId}>
      {icon}
      {text}
      {count !== undefined && count > 0 && <Badge count={count} size="small" color="#8c8fa3" overflowCount={999} />}
    </span>
  );
}

function DetailSkeleton(): ReactNode {
  return (
    <div className="report-detail" aria-busy="true">
      <Card className="rd-card">
        <Skeleton active title={{ width: "40%" }} paragraph={{ rows: 3 }} />
      </Card>
      <div className="rd-grid">
        <Card className="rd-card">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
        <Card className="rd-card">
          <Skeleton active avatar paragraph={{ rows: 6 }} />
        </Card>
      </div>
    </div>
  );
}

/** What a panel already loaded (read from the cache, never fetched from here), for the tab counters. */
function useCached<T>(key: readonly unknown[], queryFn: () => Promise<T>): T | undefined {
  // The same queryFn as the panel's: whichever observer the cache uses, a refetch stays correct.
  return useQuery<T>({ queryKey: key, queryFn, enabled: false }).data;
}

interface LoadedDetailProps {
  report: Report;
  companyId: number;
  uuid: string;
  pane: boolean;
  sections: ReportDetailSections;
  onRefetch(): void;
}

function LoadedDetail({ report, companyId, uuid, pane, sections, onRefetch }: LoadedDetailProps): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { settings } = useSettings();
  const myUserId = settings.user.id;
  const [ownVersion, setOwnVersion] = useState(0);
  const [removed, setRemoved] = useState(false);
  const [tab, setTab] = useState("comments");

  const onReport = useCallback(
    (next: Report) => {
      setOwnVersion((previous) => Math.max(previous, next.version));
      queryClient.setQueryData(detailKeys.report(companyId, uuid), next);
      void queryClient.invalidateQueries({ queryKey: detailKeys.sub(companyId, next.id, "activity") });
    },
    [companyId, queryClient, uuid],
  );

  useReportLive(companyId, uuid, report.id, () => setRemoved(true));
  const comments = useCached<Comment[]>(detailKeys.sub(companyId, report.id, "comments"), () => fetchComments(companyId, report.id));
  const notes = useCached<Note[]>(detailKeys.sub(companyId, report.id, "notes"), () => fetchNotes(companyId, report.id));
  const followers = useCached<Followers>(detailKeys.sub(companyId, report.id, "followers"), () => fetchFollowers(companyId, report.id));
  const viewers = otherViewers(usePresence(companyId, report.id), myUserId);
  const { flags: DetailFlags, duplicates: DuplicateSuggestions, writeBack: ReportWriteBack, life: ReportLifeCard, formTab: ReportFormTab } = sections;

  return (
    <div className={`report-detail ${pane ? "report-detail--pane" : ""}`} data-testid="report-detail" data-report-id={report.id}>
      <ReportHeader report={report} companyId={companyId} viewers={viewers} pane={pane} onReport={onReport} onRefetch={onRefetch} />
      <DetailFlags report={report} companyId={companyId} onReport={onReport} />
      {removed && <Alert type="warning" showIcon title={t("reportDetail.removed")} className="rd-banner" closable={{ onClose: () => setRemoved(false) }} />}
      <div className="rd-grid">
        <div className="rd-col">
          <DuplicateSuggestions report={report} companyId={companyId} onReport={onReport} />
          <ReportPreview report={report} companyId={companyId} onReport={onReport} />
          {(report.optionalCode || report.extraInfo?.length) && (
            <Card size="small" className="rd-card">
              <ReportWriteBack report={report} />
            </Card>
          )}
          <ReportForm report={report} companyId={companyId} ownVersion={ownVersion} onReport={onReport} onRefetch={onRefetch} />
          <AddressCard report={report} companyId={companyId} onReport={onReport} />
          <AssignmentCard report={report} companyId={companyId} myUserId={myUserId} onReport={onReport} />
          <ReportLifeCard report={report} companyId={companyId} onReport={onReport} />
        </div>
        <div className="rd-col rd-col--side">
          <Card size="small" className="rd-card rd-tabs-card">
            <Tabs
              activeKey={tab}
              onChange={setTab}
              size="small"
              items={[
                {
                  key: "comments",
                  label: <TabLabel icon={<CommentOutlined />} text={t("reportDetail.tabs.comments")} count={comments?.length ?? report.commentsCount} testId="comments-tab" />,
                  children: <CommentsPanel report={report} companyId={companyId} myUserId={myUserId} />,
                },
                {
                  key: "notes",
                  label: <TabLabel icon={<LockOutlined />} text={t("reportDetail.tabs.notes")} count={notes?.length ?? report.notesCount} testId="notes-tab" />,
                  children: <NotesPanel report={report} companyId={companyId} myUserId={myUserId} />,
                },
                {
                  key: "gallery",
                  label: <TabLabel icon={<FileImageOutlined />} text={t("reportDetail.tabs.gallery")} testId="gallery-tab" />,
                  children: <GalleryPanel report={report} companyId={companyId} />,
                },
                {
                  key: "followers",
                  label: (
                    <TabLabel icon={<TeamOutlined />} text={t("reportDetail.tabs.followers")} count={followers?.followers.length ?? report.userFollowerIds.length} testId="followers-tab" />
                  ),
                  children: <FollowersPanel report={report} companyId={companyId} myUserId={myUserId} />,
                },
                ...(settings.company.modules.includes("forms")
                  ? [
                      {
                        key: "form",
                        label: <TabLabel icon={<FormOutlined />} text={t("reportDetail.tabs.form")} testId="form-tab" />,
                        children: (
                          <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
                            <ReportFormTab report={report} companyId={companyId} onReport={onReport} />
                          </Suspense>
                        ),
                      },
                    ]
                  : []),
                {
                  key: "activity",
                  label: <TabLabel icon={<HistoryOutlined />} text={t("reportDetail.tabs.activity")} testId="activity-tab" />,
                  children: <ActivityPanel report={report} companyId={companyId} />,
                },
              ]}
            />
          </Card>
        </div>
      </div>
    </div>
  );
}

/**
 * The report detail of `/v3/events/{reportUuid}`: header and actions, report preview, management form
 * (locked until taken), location, assignment, and comments, notes, gallery, followers and activity.
 * Works full width and as a ~640 px pane beside the events list (layout follows its own width). The
 * sections of the features built on a report (flags, duplicates, form, life) come in `sections`.
 */
export function ReportDetail({ uuid, pane = false, sections }: { uuid: string; pane?: boolean; sections: ReportDetailSections }): ReactNode {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const query = useQuery({
    queryKey: detailKeys.report(companyId, uuid),
    queryFn: ({ signal }) => fetchReportByUuid(companyId, uuid, signal),
    enabled: uuid !== "",
    staleTime: 0,
  });
  const refetch = query.refetch;
  const onRefetch = useCallback(() => void refetch(), [refetch]);

  if (query.isError && isApiError(query.error) && query.data === undefined) {
    if (query.error.status === 404 || query.error.status === 400) return <Navigate to="/notFound" replace />;
    if (query.error.status === 403) return <Navigate to="/notAuth" replace />;
  }
  if (query.isPending) return <DetailSkeleton />;
  if (query.data === undefined)
    return (
      <Card className="rd-card">
        <Result
          status="error"
          title={t("reportDetail.loadError")}
          subTitle={actionErrorMessage(query.error, "load", t)}
          extra={
            <Button type="primary" icon={<ReloadOutlined />} onClick={onRefetch}>
              {t("common.retry")}
            </Button>
          }
        />
      </Card>
    );
  return <LoadedDetail key={query.data.id} report={query.data} companyId={companyId} uuid={uuid} pane={pane} sections={sections} onRefetch={onRefetch} />;
}
