import { useState, type ReactNode } from "react";
import { Alert, Button, Card, Input, Space, Tooltip, Typography } from "antd";
import { useToast } from "../../../lib/use-toast";
import { AimOutlined, EditOutlined, EnvironmentOutlined, ExportOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Report } from "@atalaya/shared";
import { actionErrorMessage } from "./action-errors";
import { changeAddress } from "./detail-api";
import { MiniMap } from "./mini-map";

interface AddressCardProps {
  report: Report;
  companyId: number;
  onReport(report: Report): void;
}

/** The report's address and coordinates on a mini map, and the address change (SPEC §8 geocoding errors). */
export function AddressCard({ report, companyId, onReport }: AddressCardProps): ReactNode {
  const { t } = useTranslation();
  const message = useToast();
  const [editing, setEditing] = useState(false);
  const [address, setAddress] = useState("");

  const change = useMutation({
    mutationFn: (value: string) => changeAddress(companyId, report.id, value),
    onSuccess: (updated) => {
      onReport(updated);
      setEditing(false);
      void message.success(t("reportDetail.success.addressChanged"));
    },
  });

  const coordinates = `${report.latitude.toFixed(6)}, ${report.longitude.toFixed(6)}`;
  const osm = `https://www.openstreetmap.org/?mlat=${report.latitude}&mlon=${report.longitude}#map=17/${report.latitude}/${report.longitude}`;

  const startEditing = (): void => {
    setAddress(report.address ?? "");
    change.reset();
    setEditing(true);
  };

  return (
    <Card
      size="small"
      className="rd-card rd-address-card"
      title={t("reportDetail.address.title")}
      data-testid="report-address"
      extra={
        report.can.changeAddress && !editing ? (
          <Button size="small" type="link" icon={<EditOutlined />} onClick={startEditing} data-testid="change-address">
            {t("reportDetail.address.change")}
          </Button>
        ) : undefined
      }
    >
      <MiniMap
        latitude={report.latitude}
        longitude={report.longitude}
        typeId={report.type}
        label={t("reportDetail.address.mapLabel")}
      />
      <div className="rd-address">
        <div className="rd-address__line">
          <EnvironmentOutlined aria-hidden="true" />
          <span data-testid="address-text">{report.address || <span className="rd-muted">{t("reportDetail.address.noAddress")}</span>}</span>
        </div>
        <div className="rd-address__line rd-address__coords">
          <AimOutlined aria-hidden="true" />
          <Typography.Text type="secondary" copyable={{ text: coordinates }} data-testid="address-coordinates">
            {coordinates}
          </Typography.Text>
          <Tooltip title={t("reportDetail.address.openMap")}>
            <a href={osm} className="rd-osm-link" target="_blank" rel="noopener noreferrer" aria-label={t("reportDetail.address.openMap")}>
              <ExportOutlined />
            </a>
          </Tooltip>
        </div>
        {report.isCreatedByCompany && <Typography.Text type="secondary" className="rd-address__hint">{t("reportDetail.address.companyCreated")}</Typography.Text>}
      </div>

      {editing && report.can.changeAddress && (
        <form
          className="rd-address__form"
          onSubmit={(event) => {
            event.preventDefault();
            change.mutate(address);
          }}
        >
          <Space.Compact block>
            <Input
              autoFocus
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              placeholder={t("reportDetail.address.placeholder")}
              maxLength={300}
              prefix={<EnvironmentOutlined />}
              data-testid="address-input"
              status={change.isError ? "error" : undefined}
            />
            <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="address-submit">
              {t("reportDetail.address.submit")}
            </Button>
          </Space.Compact>
          <Typography.Text type="secondary" className="rd-address__hint">
            {t("reportDetail.address.hint")}
          </Typography.Text>
          {change.isError && (
            <Alert type="error" showIcon title={actionErrorMessage(change.error, "address", t)} data-testid="address-error" />
          )}
          <div>
            <Button size="small" type="text" onClick={() => setEditing(false)}>
              {t("common.cancel")}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
