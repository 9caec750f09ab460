import { useState, type ReactNode } from "react";
import { Alert, Button, Form, Input, Result, Select, Skeleton, Typography } from "antd";
import { EnvironmentOutlined, LinkOutlined } from "@ant-design/icons";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api";
import { assetKeys, fetchPublicAsset, sendAssetReport } from "./assets-api";
import { PublicPageFrame } from "../public-link";
import "../../styles/asset-pages.css";

const PHOTO_TYPES = "image/jpeg,image/png";

/** `/a/:uuid`: the page an asset's QR code opens, for anyone and without a session: the organisation's
 * custom message about the asset and a report form (type, description, optional photo) located at the
 * asset. A disabled asset says it takes no reports. Loaded only on this route. */
export function PublicAssetPage(): ReactNode {
  const { t } = useTranslation();
  const { uuid = "" } = useParams();
  const asset = useQuery({
    queryKey: assetKeys.public(uuid),
    queryFn: ({ signal }) => fetchPublicAsset(uuid, signal),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });
  const [type, setType] = useState<number | undefined>(undefined);
  const [description, setDescription] = useState("");
  const [photo, setPhoto] = useState<File | null>(null);
  const send = useMutation({ mutationFn: () => sendAssetReport(uuid, { type: type!, description: description.trim(), photo }) });

  let body: ReactNode;
  if (asset.isPending) {
    body = <Skeleton active paragraph={{ rows: 5 }} />;
  } else if (asset.isError) {
    const gone = isApiError(asset.error) && asset.error.status < 500;
    body = gone ? (
      <Result status="404" title={t("assets.public.unknownTitle")} subTitle={t("assets.public.unknown")} data-testid="asset-public-unknown" />
    ) : (
      <Alert type="error" showIcon title={t("assets.public.loadError")} action={<Button size="small" onClick={() => void asset.refetch()}>{t("common.retry")}</Button>} />
    );
  } else {
    const a = asset.data;
    body = (
      <article data-testid="asset-public" data-enabled={String(a.enabled)}>
        <Typography.Text type="secondary">{a.companyName}</Typography.Text>
        <Typography.Title level={1} className="shared-report__title">
          {a.description}
        </Typography.Title>
        <Typography.Text type="secondary">{a.category}</Typography.Text>
        {a.customMessage && (
          <Typography.Paragraph className="asset-public__message" data-testid="asset-public-message">
            {a.customMessage}
          </Typography.Paragraph>
        )}
        {a.externalUrl && (
          <p>
            <a href={a.externalUrl} target="_blank" rel="noopener noreferrer">
              <LinkOutlined aria-hidden="true" /> {t("assets.public.moreInfo")}
            </a>
          </p>
        )}
        {!a.enabled ? (
          <Alert type="info" showIcon title={t("assets.public.disabled")} data-testid="asset-public-disabled" />
        ) : send.isSuccess ? (
          <Result status="success" title={t("assets.public.sentTitle")} subTitle={t("assets.public.sent")} data-testid="asset-public-sent" />
        ) : (
          <Form layout="vertical" onFinish={() => send.mutate()} className="asset-public__form" disabled={send.isPending}>
            <Typography.Title level={2} className="shared-report__subtitle">
              {t("assets.public.formTitle")}
            </Typography.Title>
            <Form.Item label={t("assets.public.type")} required htmlFor="asset-report-type">
              <Select
                id="asset-report-type"
                value={type}
                onChange={(v: number) => setType(v)}
                placeholder={t("assets.public.typePlaceholder")}
                options={a.types.map((x) => ({ value: x.id, label: x.name }))}
                data-testid="asset-report-type"
              />
            </Form.Item>
            <Form.Item label={t("assets.public.description")} htmlFor="asset-report-description">
              <Input.TextArea id="asset-report-description" rows={4} maxLength={4000} value={description} onChange={(e) => setDescription(e.target.value)} data-testid="asset-report-description" />
            </Form.Item>
            <Form.Item label={t("assets.public.photo")} htmlFor="asset-report-photo" extra={t("assets.public.photoHelp")}>
              <input id="asset-report-photo" type="file" accept={PHOTO_TYPES} onChange={(e) => setPhoto(e.target.files?.[0] ?? null)} data-testid="asset-report-photo" />
            </Form.Item>
            <p className="asset-public__place">
              <EnvironmentOutlined aria-hidden="true" /> {t("assets.public.location")}: {a.address || t("publicLink.coordinates", { latitude: a.latitude, longitude: a.longitude })}
            </p>
            {send.isError && <Alert type="error" showIcon title={isApiError(send.error) ? send.error.message : t("assets.public.sendError")} className="asset-public__error" />}
            <Button type="primary" htmlType="submit" block loading={send.isPending} disabled={type === undefined} data-testid="asset-report-send">
              {t("assets.public.send")}
            </Button>
          </Form>
        )}
      </article>
    );
  }

  return <PublicPageFrame label={t("assets.public.pageTitle")}>{body}</PublicPageFrame>;
}
