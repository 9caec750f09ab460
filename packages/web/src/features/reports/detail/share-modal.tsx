import { useRef, useState, type ReactNode } from "react";
import { Alert, Button, Input, Modal, Skeleton, Space, Typography, type InputRef } from "antd";
import { useToast } from "../../../lib/use-toast";
import { CheckOutlined, CopyOutlined, ExportOutlined, LinkOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { actionErrorMessage } from "./action-errors";
import { detailKeys, fetchShareUrl } from "./detail-api";
import { useSettings } from "../../settings";
import { copyText } from "../../../lib/clipboard";

/** The share modal: `GET /api/reports/share/{id}` → the public link, with a copy button. */
export function ShareModal({ reportId, open, onClose }: { reportId: number; open: boolean; onClose(): void }): ReactNode {
  const { t } = useTranslation();
  const message = useToast();
  const { settings } = useSettings();
  const input = useRef<InputRef>(null);
  const [copied, setCopied] = useState(false);
  const share = useQuery({
    queryKey: detailKeys.sub(settings.company.id, reportId, "share"),
    queryFn: () => fetchShareUrl(reportId),
    enabled: open,
    retry: false,
    staleTime: Infinity,
  });

  const copy = async (url: string): Promise<void> => {
    if (await copyText(url, input.current)) {
      setCopied(true);
      void message.success(t("reportDetail.share.copied"));
      setTimeout(() => setCopied(false), 2000);
    } else void message.warning(t("reportDetail.share.copyFailed"));
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={
        <Space>
          <LinkOutlined style={{ color: "var(--atalaya-primary)" }} />
          {t("reportDetail.share.title", { id: reportId })}
        </Space>
      }
      destroyOnHidden
      width={560}
    >
      <Typography.Paragraph type="secondary">{t("reportDetail.share.text")}</Typography.Paragraph>
      {share.isPending ? (
        <Skeleton.Input active block aria-label={t("reportDetail.share.loading")} />
      ) : share.isError ? (
        <Alert
          type="error"
          showIcon
          title={actionErrorMessage(share.error, "share", t)}
          action={
            <Button size="small" onClick={() => void share.refetch()}>
              {t("common.retry")}
            </Button>
          }
        />
      ) : (
        <Space.Compact block>
          <Input
            ref={input}
            readOnly
            value={share.data}
            data-testid="share-url"
            onFocus={(event) => event.currentTarget.select()}
            prefix={<LinkOutlined />}
          />
          <Button
            type="primary"
            icon={copied ? <CheckOutlined /> : <CopyOutlined />}
            onClick={() => void copy(share.data)}
            data-testid="share-copy"
          >
            {copied ? t("reportDetail.share.copied") : t("reportDetail.share.copy")}
          </Button>
          <Button icon={<ExportOutlined />} href={share.data} target="_blank" rel="noopener noreferrer" aria-label={t("reportDetail.share.open")} />
        </Space.Compact>
      )}
    </Modal>
  );
}
