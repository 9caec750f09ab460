import { useState, type ReactNode } from "react";
import { Alert, App, Button, Dropdown, Tag, Typography, type ButtonProps, type MenuProps } from "antd";
import { useToast } from "../../../lib/use-toast";
import {
  ArrowLeftOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseOutlined,
  DeleteOutlined,
  EyeInvisibleOutlined,
  FilePdfOutlined,
  LockOutlined,
  MoreOutlined,
  NotificationOutlined,
  QrcodeOutlined,
  ShareAltOutlined,
  StopOutlined,
  UserOutlined,
  UserSwitchOutlined,
} from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { NEIGHBOURS_RADIUS_METRES, type PresenceViewer, type Report } from "@atalaya/shared";
import { useDateFormatter } from "../../../lib/dates";
import { actionErrorMessage, isAlreadyTaken } from "./action-errors";
import { CloseDialog } from "./close-dialog";
import {
  cancelNeighboursNotification,
  deleteReport,
  downloadReportPdf,
  makeReportPrivate,
  notifyNeighbours,
} from "./detail-api";
import { takeReport } from "../report-api";
import { PriorityLabel, StatusTag, TypeBadge } from "./detail-ui";
import { dueCountdown } from "./due-time";
import { isClosedStatus } from "./live-updates";
import { PresenceBar } from "./presence-bar";
import { NeighboursProgress } from "./neighbours-progress";
import { RepeatedMarker } from "./repeated-marker";
import { ShareModal } from "./share-modal";
import { ReportPlateButton, ReportStolenPlate } from "../../plates";
import { useNow } from "./use-now";

function DueChip({ report }: { report: Report }): ReactNode {
  const { t } = useTranslation();
  const now = useNow();
  if (isClosedStatus(report.status)) return null;
  const due = dueCountdown(report.dueDate, now);
  if (!due) return <span className="rd-due rd-due--none">{t("reportDetail.header.noDue")}</span>;
  const tone = due.overdue ? "rd-due--overdue" : due.soon ? "rd-due--soon" : "";
  return (
    <span className={`rd-due ${tone}`} data-testid="report-due" data-overdue={due.overdue}>
      <ClockCircleOutlined aria-hidden="true" />
      {/* The same words as the panel's countdown (flags/' Countdown): a due time reads one way. */}
      {due.overdue ? t("reportFlags.countdownLate", { time: due.text }) : t("reportFlags.countdown", { time: due.text })}
    </span>
  );
}

/** Who the report is assigned to (operator, team, patrol), for the header. */
function Assignee({ report }: { report: Report }): ReactNode {
  const { t } = useTranslation();
  return (
    <span className="rd-meta__item" data-testid="report-assignee" data-assignee-id={report.assignedUser?.id ?? ""}>
      <UserOutlined aria-hidden="true" />
      <span className="rd-meta__label">{t("reportDetail.header.assignee")}:</span>
      <strong>{report.assignedUser?.name ?? t("reportDetail.header.unassigned")}</strong>
      {report.assignedTeam && (
        <Tag className="rd-meta__tag" color={report.assignedTeam.color || undefined}>
          {t("reportDetail.header.team")}: {report.assignedTeam.name}
        </Tag>
      )}
      {report.assignedPatrol && (
        <Tag className="rd-meta__tag">
          {t("reportDetail.header.patrol")}: {report.assignedPatrol.name}
        </Tag>
      )}
    </span>
  );
}

interface ReportHeaderProps {
  report: Report;
  companyId: number;
  viewers: PresenceViewer[];
  /** Shown as a side pane next to the events list: a close button instead of the back link. */
  pane: boolean;
  onReport(report: Report): void;
  onRefetch(): void;
}

/** Title, status, due time, badges and the report's actions (take, close, share, PDF, privacy, neighbours). */
export function ReportHeader({ report, companyId, viewers, pane, onReport, onRefetch }: ReportHeaderProps): ReactNode {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const format = useDateFormatter();
  const [closeOpen, setCloseOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);
  const [takenBy, setTakenBy] = useState<string | null>(null);

  const take = useMutation({
    mutationFn: () => takeReport(companyId, report.id),
    onSuccess: (taken) => {
      setTakenBy(null);
      onReport(taken);
      void message.success(t("reportDetail.success.taken", { id: taken.id }));
    },
    onError: (error) => {
      const text = actionErrorMessage(error, "take", t);
      if (isAlreadyTaken(error)) {
        // Keep the answer on screen (who took it) and show the new assignee.
        setTakenBy(text);
        onRefetch();
      } else void message.error(text);
    },
  });

  const pdf = useMutation({
    mutationFn: () => downloadReportPdf(companyId, report.id),
    onSuccess: (name) => void message.success(t("reportDetail.success.pdf", { name })),
    onError: (error) => void message.error(actionErrorMessage(error, "pdf", t)),
  });

  const makePrivate = useMutation({
    mutationFn: () => makeReportPrivate(companyId, report.id),
    onSuccess: (updated) => {
      onReport(updated);
      void message.success(t("reportDetail.success.madePrivate"));
    },
    onError: (error) => void message.error(actionErrorMessage(error, "makePrivate", t)),
  });

  const notify = useMutation({
    mutationFn: () => notifyNeighbours(companyId, report.id),
    onSuccess: ({ report: updated, neighbours }) => {
      onReport(updated);
      void message.success(t("reportDetail.success.notified", { count: neighbours }));
    },
    onError: (error) => void message.error(actionErrorMessage(error, "notify", t)),
  });

  const cancelNotification = useMutation({
    mutationFn: () => cancelNeighboursNotification(companyId, report.id),
    onSuccess: (updated) => {
      onReport(updated);
      void message.success(t("reportDetail.success.notificationCanceled"));
    },
    onError: (error) => void message.error(actionErrorMessage(error, "cancelNotification", t)),
  });

  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => deleteReport(companyId, report.id),
    onSuccess: (deleted) => {
      void message.success(t("reportDetail.success.deleted", { id: deleted.id }));
      // It has left the panel; the history still opens it.
      void navigate("/v3/events");
    },
    onError: (error) => void message.error(actionErrorMessage(error, "delete", t)),
  });

  const notifying = report.notifyNeighbours && !report.notificationNeighboursWasCanceled;
  const closed = isClosedStatus(report.status);
  const deleted = report.displayStatus === "in_deleting_progress";

  const confirmPrivate = (): void => {
    void modal.confirm({
      title: t("reportDetail.confirm.makePrivateTitle"),
      content: t("reportDetail.confirm.makePrivateText"),
      okText: t("reportDetail.confirm.makePrivateOk"),
      okButtonProps: { danger: true },
      cancelText: t("reportDetail.confirm.cancel"),
      icon: <LockOutlined style={{ color: "#722ed1" }} />,
      onOk: () => makePrivate.mutateAsync().catch(() => undefined),
    });
  };
  const confirmDelete = (): void => {
    void modal.confirm({
      title: t("reportDetail.confirm.deleteTitle", { id: report.id }),
      content: t("reportDetail.confirm.deleteText"),
      okText: t("reportDetail.confirm.deleteOk"),
      okButtonProps: { danger: true, "data-testid": "delete-confirm" } as ButtonProps,
      cancelText: t("reportDetail.confirm.cancel"),
      icon: <DeleteOutlined style={{ color: "#cf1322" }} />,
      onOk: () => remove.mutateAsync().catch(() => undefined),
    });
  };
  const confirmNotify = (): void => {
    void modal.confirm({
      title: t("reportDetail.confirm.notifyTitle"),
      content: t("reportDetail.confirm.notifyText", { radius: NEIGHBOURS_RADIUS_METRES }),
      okText: t("reportDetail.confirm.notifyOk"),
      cancelText: t("reportDetail.confirm.cancel"),
      icon: <NotificationOutlined style={{ color: "var(--atalaya-primary)" }} />,
      onOk: () => notify.mutateAsync().catch(() => undefined),
    });
  };
  const confirmCancelNotify = (): void => {
    void modal.confirm({
      title: t("reportDetail.confirm.cancelNotifyTitle"),
      content: t("reportDetail.confirm.cancelNotifyText"),
      okText: t("reportDetail.confirm.cancelNotifyOk"),
      okButtonProps: { danger: true },
      cancelText: t("reportDetail.confirm.cancel"),
      onOk: () => cancelNotification.mutateAsync().catch(() => undefined),
    });
  };

  const canNotify = report.can.work && !closed && !deleted;
  const moreItems: MenuProps["items"] = [
    {
      key: "private",
      icon: <LockOutlined />,
      label: t("reportDetail.actions.makePrivate"),
      disabled: !report.can.makePrivate,
      onClick: confirmPrivate,
    },
    notifying
      ? {
          key: "cancel-notify",
          icon: <StopOutlined />,
          label: t("reportDetail.actions.cancelNotification"),
          disabled: !report.can.work,
          danger: true,
          onClick: confirmCancelNotify,
        }
      : {
          key: "notify",
          icon: <NotificationOutlined />,
          label: t("reportDetail.actions.notifyNeighbours"),
          disabled: !canNotify,
          onClick: confirmNotify,
        },
    ...(report.can.delete
      ? [
          { type: "divider" as const },
          {
            key: "delete",
            icon: <DeleteOutlined />,
            label: t("reportDetail.actions.delete"),
            danger: true,
            onClick: confirmDelete,
            "data-testid": "delete-report",
          },
        ]
      : []),
  ];

  return (
    <header className="rd-header">
      <div className="rd-header__top">
        {pane ? (
          <Link to="/v3/events" className="rd-header__back" aria-label={t("reportDetail.closePane")}>
            <CloseOutlined /> {t("reportDetail.closePane")}
          </Link>
        ) : (
          <Link to="/v3/events" className="rd-header__back">
            <ArrowLeftOutlined /> {t("reportDetail.back")}
          </Link>
        )}
        <PresenceBar viewers={viewers} />
      </div>

      <div className="rd-header__title">
        <TypeBadge typeId={report.type} />
        <Typography.Title level={2} className="rd-header__heading">
          {t("reportDetail.title", { id: report.id })}
        </Typography.Title>
        <StatusTag report={report} testId="report-status" />
        <span className="rd-header__priority">
          <PriorityLabel priority={report.priority} />
        </span>
        <DueChip report={report} />
      </div>

      <div className="rd-meta">
        <span className="rd-meta__item">
          <ClockCircleOutlined aria-hidden="true" />
          {t("reportDetail.header.created", { time: format(report.createdAt) ?? "" })}
        </span>
        <Assignee report={report} />
        {report.isPrivate && (
          <Tag icon={<LockOutlined />} color="purple" className="rd-meta__tag" data-testid="private-badge">
            {t("reportDetail.header.private")}
          </Tag>
        )}
        <ReportStolenPlate report={report} companyId={companyId} onReport={onReport} />
        {report.isAnonymous && (
          <Tag icon={<EyeInvisibleOutlined />} className="rd-meta__tag" data-testid="anonymous-badge">
            {t("reportDetail.header.anonymous")}
          </Tag>
        )}
        {/* While open, the status itself says it; once closed, this keeps the fact in view. */}
        {report.deletedAt && report.displayStatus !== "in_deleting_progress" && (
          <Tag icon={<DeleteOutlined />} color="error" className="rd-meta__tag" data-testid="deleted-badge">
            {t(report.deletedBy === "admin" ? "reportDetail.header.deletedByAdmin" : "reportDetail.header.deletedByAuthor")}
          </Tag>
        )}
        <NeighboursProgress report={report} companyId={companyId} />
        {report.isCreatedByCompany && <Tag className="rd-meta__tag">{t("reportDetail.header.createdByCompany")}</Tag>}
        {report.source === "open311" && <Tag className="rd-meta__tag" data-testid="report-source-open311">{t("reportDetail.header.viaOpen311")}</Tag>}
        {/* Sent from an asset's QR page (issue 17): the category it had then, and the asset if it still exists. */}
        {report.assetId != null && (
          <Tag icon={<QrcodeOutlined />} color="geekblue" className="rd-meta__tag" data-testid="report-asset">
            {report.asset
              ? t("assets.reportAsset", { category: report.assetCategoryName ?? report.asset.category, description: report.asset.description })
              : t("assets.reportAssetGone", { category: report.assetCategoryName ?? "" })}
          </Tag>
        )}
        {report.closingKind === "repeated" && report.repeatedOf !== null && (
          <RepeatedMarker companyId={companyId} reportId={report.repeatedOf} />
        )}
        {closed && report.operatorWhoClosedReport && (
          <span className="rd-meta__item">
            <CheckCircleOutlined aria-hidden="true" />
            {t("reportDetail.header.closedBy", { name: report.operatorWhoClosedReport.name })}
            {report.closedAt ? ` · ${format(report.closedAt) ?? ""}` : ""}
          </span>
        )}
      </div>

      {takenBy && (
        <Alert
          type="warning"
          showIcon
          icon={<UserSwitchOutlined />}
          className="rd-header__alert"
          title={takenBy}
          closable={{ onClose: () => setTakenBy(null) }}
          data-testid="take-error"
        />
      )}

      <div className="rd-actions">
        {report.can.take && (
          <Button
            type="primary"
            icon={<UserSwitchOutlined />}
            loading={take.isPending}
            onClick={() => take.mutate()}
            data-testid="take-button"
          >
            {t("reportDetail.actions.take")}
          </Button>
        )}
        {report.can.close && (
          <Button
            icon={<CheckCircleOutlined />}
            onClick={() => setCloseOpen(true)}
            data-testid="close-button"
            type={report.can.take ? "default" : "primary"}
          >
            {t("reportDetail.actions.close")}
          </Button>
        )}
        {/* A private report has no public link. */}
        {!report.isPrivate && (
          <Button icon={<ShareAltOutlined />} onClick={() => setShareOpen(true)} data-testid="share-button">
            {t("reportDetail.actions.share")}
          </Button>
        )}
        <ReportPlateButton report={report} companyId={companyId} onReport={onReport} />
        <Button icon={<FilePdfOutlined />} loading={pdf.isPending} onClick={() => pdf.mutate()} data-testid="pdf-button">
          {t("reportDetail.actions.pdf")}
        </Button>
        <Dropdown menu={{ items: moreItems }} trigger={["click"]} placement="bottomRight">
          <Button icon={<MoreOutlined />} aria-label={t("reportDetail.actions.more")} data-testid="more-actions" />
        </Dropdown>
      </div>

      {closeOpen && (
        <CloseDialog
          report={report}
          companyId={companyId}
          onClose={() => setCloseOpen(false)}
          onClosed={(closedReport) => {
            setCloseOpen(false);
            onReport(closedReport);
            void message.success(t("reportDetail.success.closed", { id: closedReport.id }));
          }}
        />
      )}
      <ShareModal reportId={report.id} open={shareOpen} onClose={() => setShareOpen(false)} />
    </header>
  );
}
