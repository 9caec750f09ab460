import { useState, type ReactNode } from "react";
import { Button, Card, Tooltip, Typography } from "antd";
import { useToast } from "../../../lib/use-toast";
import { DislikeFilled, DislikeOutlined, LikeFilled, LikeOutlined, MailOutlined, PhoneOutlined, UserOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formatPhone, phoneHref, type Report } from "@atalaya/shared";
import { actionErrorMessage } from "./action-errors";
import { sendLike } from "./detail-api";
import { MediaList } from "./media-view";
import { CallButton } from "../../plates";

/** Who sent the report: an app user (its author), or a caller or operator the organisation registered
 * (contact, under the informer type of the create form). */
interface Informer {
  name: string | null;
  phone: string | null;
  email: string | null;
  source: "app" | "user" | "operator";
}

function informerOf(report: Report): Informer {
  const none: Informer = { name: null, phone: null, email: null, source: "app" };
  if (report.isAnonymous || report.informerType === "anonymous") return none;
  if (report.user) {
    const name = `${report.user.firstName} ${report.user.lastName}`.trim();
    return { name: name || null, phone: report.user.phone, email: report.user.email ?? null, source: "app" };
  }
  if (report.contact) {
    const name = `${report.contact.firstName ?? ""} ${report.contact.lastName ?? ""}`.trim();
    const source = report.informerType === "operator" ? "operator" : "user";
    return { name: name || null, phone: report.contact.phone, email: report.contact.email, source };
  }
  return none;
}

interface ReportPreviewProps {
  report: Report;
  companyId: number;
  onReport(report: Report): void;
}

/** What was reported: description, informer, the report's own files, likes and dislikes. */
export function ReportPreview({ report, companyId, onReport }: ReportPreviewProps): ReactNode {
  const { t } = useTranslation();
  const message = useToast();
  const [vote, setVote] = useState<1 | -1 | null>(null);
  const informer = informerOf(report);

  const like = useMutation({
    mutationFn: (value: 1 | -1) => sendLike(companyId, report.id, value),
    onSuccess: (result) => {
      setVote(result.vote);
      onReport({ ...report, likes: result.likes, dislikes: result.dislikes });
    },
    onError: (error) => void message.error(actionErrorMessage(error, "like", t)),
  });

  return (
    <Card size="small" className="rd-card" title={t("reportDetail.preview.title")} data-testid="report-preview">
      <Typography.Paragraph className="rd-preview__description" ellipsis={{ rows: 6, expandable: "collapsible" }}>
        {report.description || <span className="rd-muted">{t("reportDetail.preview.noDescription")}</span>}
      </Typography.Paragraph>

      <div className="rd-preview__informer">
        <span className="rd-meta__item">
          <UserOutlined aria-hidden="true" />
          <span className="rd-meta__label">{t("reportDetail.preview.informer")}:</span>
          <strong>{informer.name ?? t("reportDetail.preview.anonymousInformer")}</strong>
          {informer.name && <span className="rd-muted">· {t(`reportDetail.informer.${informer.source}`)}</span>}
        </span>
        {informer.phone && (
          <span className="rd-meta__item">
            <a href={phoneHref(informer.phone)}>
              <PhoneOutlined aria-hidden="true" /> {formatPhone(informer.phone)}
            </a>
            {/* SPEC §6 phone-call gate: the reporter is the app author, the caller the contact taken by an operator. */}
            <CallButton companyId={companyId} reportId={report.id} to={informer.source === "app" ? "reporter" : "caller"} />
          </span>
        )}
        {informer.email && (
          <a className="rd-meta__item" href={`mailto:${informer.email}`}>
            <MailOutlined aria-hidden="true" /> {informer.email}
          </a>
        )}
        {/* Only when the organisation has displayDni (the server sends it then). */}
        {report.reporterDni && (
          <span className="rd-meta__item" data-testid="reporter-dni">
            <span className="rd-meta__label">{t("companySettings.detail.rut")}:</span> {report.reporterDni}
          </span>
        )}
      </div>
      {/* visualizeAttendingCompanies: the other organisations attending the same report. */}
      {report.attendingCompanies && report.attendingCompanies.length > 0 && (
        <div className="rd-preview__informer" data-testid="attending-companies">
          <span className="rd-meta__label">{t("companySettings.detail.attending")}:</span> {report.attendingCompanies.map((c) => c.name).join(", ")}
        </div>
      )}

      {report.filesMedia.length > 0 && (
        <div className="rd-preview__media">
          <Typography.Text type="secondary" className="rd-section-label">
            {t("reportDetail.preview.media")}
          </Typography.Text>
          <MediaList media={report.filesMedia} />
        </div>
      )}

      <div className="rd-preview__votes">
        <Tooltip title={t("reportDetail.preview.like")}>
          <Button
            size="small"
            type={vote === 1 ? "primary" : "default"}
            ghost={vote === 1}
            icon={vote === 1 ? <LikeFilled /> : <LikeOutlined />}
            loading={like.isPending && like.variables === 1}
            onClick={() => like.mutate(1)}
            data-testid="like-button"
            aria-label={t("reportDetail.preview.likeCount", { count: report.likes })}
          >
            <span data-testid="likes-count">{report.likes}</span>
          </Button>
        </Tooltip>
        <Tooltip title={t("reportDetail.preview.dislike")}>
          <Button
            size="small"
            type={vote === -1 ? "primary" : "default"}
            ghost={vote === -1}
            icon={vote === -1 ? <DislikeFilled /> : <DislikeOutlined />}
            loading={like.isPending && like.variables === -1}
            onClick={() => like.mutate(-1)}
            data-testid="dislike-button"
            aria-label={t("reportDetail.preview.dislikeCount", { count: report.dislikes })}
          >
            <span data-testid="dislikes-count">{report.dislikes}</span>
          </Button>
        </Tooltip>
      </div>
    </Card>
  );
}
