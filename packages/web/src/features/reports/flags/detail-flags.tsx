import { useEffect, useState, type ReactNode } from "react";
import { Alert, Button, Flex, Tag, Tooltip } from "antd";
import { CommentOutlined, CrownFilled, PushpinFilled, PushpinOutlined, StopOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Report } from "@atalaya/shared";
import { useToast } from "../../../lib/use-toast";
import { useReportSync } from "../lists/use-report-list";
import { patchOwnReport } from "./flag-actions";
import { markSeen, setHighlighted, setTurnOffComments } from "./report-flags-api";
import { FavoriteStar } from "./row-flags";
import "./report-flags.css";

interface DetailFlagsProps {
  report: Report;
  companyId: number;
  onReport(report: Report): void;
}

/** Records once per opening that the operator saw the report (seen is per user): their panel row loses
 * its bold at once, the server keeps it for their next visit. */
function useMarkSeen(companyId: number, report: Report): void {
  const sync = useReportSync(companyId);
  const { id } = report;
  const unseen = report.seen !== true;
  useEffect(() => {
    if (!unseen) return;
    patchOwnReport(sync, id, { seen: true });
    markSeen(companyId, id).catch(() => undefined);
  }, [companyId, id, unseen, sync]);
}

/** The report detail's flags of issue 17: the premium banner, the operator's star, highlight for
 * everyone and closing the report to community comments. */
export function DetailFlags({ report, companyId, onReport }: DetailFlagsProps): ReactNode {
  const { t } = useTranslation();
  const message = useToast();
  const sync = useReportSync(companyId);
  useMarkSeen(companyId, report);
  const [favorite, setFavoriteState] = useState<boolean | undefined>(undefined);
  const known = sync?.lookup(report.id);
  const isFavorite = favorite ?? known?.isFavorite ?? report.isFavorite ?? false;

  const own = (updated: Report): void => {
    onReport(updated);
    sync?.handleOwnUpdate(updated);
  };
  const highlight = useMutation({
    mutationFn: (value: boolean) => setHighlighted(companyId, report.id, value),
    onSuccess: (updated) => {
      own(updated);
      void message.success(updated.highlighted ? t("reportFlags.highlightedDone") : t("reportFlags.unhighlightedDone"));
    },
    onError: (error) => void message.error(error.message),
  });
  const comments = useMutation({
    mutationFn: (off: boolean) => setTurnOffComments(companyId, report.id, off),
    onSuccess: (updated) => {
      own(updated);
      void message.success(updated.turnOffComments ? t("reportFlags.commentsClosedDone") : t("reportFlags.commentsOpenedDone"));
    },
    onError: (error) => void message.error(error.message),
  });

  const mayWork = report.can.work || report.can.take || report.can.close;
  return (
    <div className="flag-detail" data-testid="report-flags">
      {report.premiumUser && (
        <Alert
          type="info"
          showIcon
          icon={<CrownFilled />}
          className="flag-premium-banner"
          title={t("reportFlags.premiumBanner")}
          description={t("reportFlags.premiumBannerText")}
          data-testid="premium-banner"
        />
      )}
      <Flex wrap gap={8} align="center">
        <FavoriteStar report={{ id: report.id, isFavorite }} size="middle" onChange={setFavoriteState} />
        {mayWork && (
          <Tooltip title={t("reportFlags.highlightHelp")}>
            <Button
              size="small"
              icon={report.highlighted ? <PushpinFilled /> : <PushpinOutlined />}
              aria-pressed={report.highlighted}
              loading={highlight.isPending}
              onClick={() => highlight.mutate(!report.highlighted)}
              data-testid="highlight-toggle"
            >
              {report.highlighted ? t("reportFlags.unhighlight") : t("reportFlags.highlight")}
            </Button>
          </Tooltip>
        )}
        {mayWork && (
          <Button
            size="small"
            icon={report.turnOffComments ? <CommentOutlined /> : <StopOutlined />}
            aria-pressed={report.turnOffComments}
            loading={comments.isPending}
            onClick={() => comments.mutate(!report.turnOffComments)}
            data-testid="turn-off-comments-toggle"
          >
            {report.turnOffComments ? t("reportFlags.turnOnComments") : t("reportFlags.turnOffComments")}
          </Button>
        )}
        {report.highlighted && (
          <Tag icon={<PushpinFilled />} className="flag-highlight-tag" data-testid="highlighted-tag">
            {t("reportFlags.highlighted")}
          </Tag>
        )}
        {report.turnOffComments && (
          <Tag icon={<StopOutlined />} data-testid="comments-off-tag">
            {t("reportFlags.commentsTurnedOff")}
          </Tag>
        )}
        {report.subscription && (
          <Tag className="flag-subscription" icon={<CrownFilled />} data-testid="subscription-badge">
            {t(`reportFlags.plans.${report.subscription.plan}`)}
          </Tag>
        )}
      </Flex>
    </div>
  );
}
