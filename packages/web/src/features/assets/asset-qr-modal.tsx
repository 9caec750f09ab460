import type { ReactNode } from "react";
import { Button, Modal, Skeleton, Typography } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { Asset } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { downloadFile } from "../export";
import { qrPath } from "./assets-api";
import { useFileUrl } from "../files";

/** The asset's QR code as it will print, its public link, and PNG and SVG downloads. */
export function AssetQrModal({ companyId, asset, publicUrl, onClose }: { companyId: number; asset: Asset; publicUrl: string; onClose: () => void }): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const { src, failed } = useFileUrl(qrPath(companyId, asset.id, "png"));
  const download = (format: "png" | "svg") => downloadFile(qrPath(companyId, asset.id, format, true), `asset-${asset.id}-qr.${format}`).catch(() => void toast.error(t("assets.qr.downloadError")));
  return (
    <Modal open onCancel={onClose} footer={null} title={t("assets.qr.title", { name: asset.description })} data-testid="asset-qr-modal">
      <div className="asset-qr">
        {src ? (
          <img src={src} alt={t("assets.qr.alt", { name: asset.description })} width={240} height={240} data-testid="asset-qr-image" />
        ) : failed ? (
          <Typography.Text type="danger">{t("assets.qr.loadError")}</Typography.Text>
        ) : (
          <Skeleton.Image active />
        )}
        <Typography.Paragraph copyable className="asset-qr__link" data-testid="asset-qr-link">
          {publicUrl}
        </Typography.Paragraph>
        <div className="asset-qr__actions">
          <Button icon={<DownloadOutlined />} onClick={() => void download("png")} data-testid="asset-qr-png">
            PNG
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => void download("svg")} data-testid="asset-qr-svg">
            SVG
          </Button>
        </div>
      </div>
    </Modal>
  );
}
