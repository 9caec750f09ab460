import { useState, type ReactNode } from "react";
import { Alert, Button, Checkbox, Form, Input, Result, Skeleton, Typography } from "antd";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { SAFETAG_MESSAGE_MAX } from "@atalaya/shared";
import { isApiError } from "../../lib/api";
import { fetchPublicTag, safetagKeys, sendFinderMessage } from "./safetags-api";
import { PublicPageFrame } from "../public-link";
import "../../styles/asset-pages.css";

/** The browser's position, or undefined when refused or unavailable (sharing it is the finder's choice). */
function currentPosition(): Promise<{ latitude: number; longitude: number } | undefined> {
  return new Promise((resolve) => {
    if (!("geolocation" in navigator)) return resolve(undefined);
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => resolve(undefined),
      { timeout: 10_000, maximumAge: 60_000 },
    );
  });
}

/** `/t/:code`: the page a safe tag's QR code opens. A finder writes to the owner (and may share where
 * they are); the message reaches the owner's app inbox and neither sees the other's contact data.
 * Loaded only on this route, without a session. */
export function FinderPage(): ReactNode {
  const { t } = useTranslation();
  const { code = "" } = useParams();
  const tag = useQuery({
    queryKey: safetagKeys.public(code),
    queryFn: ({ signal }) => fetchPublicTag(code, signal),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });
  const [message, setMessage] = useState("");
  const [shareLocation, setShareLocation] = useState(false);
  const send = useMutation({
    mutationFn: async () => {
      const position = shareLocation ? await currentPosition() : undefined;
      return sendFinderMessage(code, { message: message.trim(), ...(position ?? {}) });
    },
  });

  let body: ReactNode;
  if (tag.isPending) {
    body = <Skeleton active paragraph={{ rows: 4 }} />;
  } else if (tag.isError) {
    const gone = isApiError(tag.error) && tag.error.status < 500;
    body = gone ? (
      <Result status="404" title={t("safetags.finder.unknownTitle")} subTitle={t("safetags.finder.unknown")} data-testid="finder-unknown" />
    ) : (
      <Alert type="error" showIcon title={t("safetags.finder.loadError")} action={<Button size="small" onClick={() => void tag.refetch()}>{t("common.retry")}</Button>} />
    );
  } else if (tag.data.state !== "linked") {
    body = (
      <Result
        status="info"
        title={t(tag.data.state === "disabled" ? "safetags.finder.disabledTitle" : "safetags.finder.unlinkedTitle")}
        subTitle={t(tag.data.state === "disabled" ? "safetags.finder.disabled" : "safetags.finder.unlinked")}
        data-testid="finder-inactive"
      />
    );
  } else if (send.isSuccess) {
    body = <Result status="success" title={t("safetags.finder.sentTitle")} subTitle={t("safetags.finder.sent")} data-testid="finder-sent" />;
  } else {
    body = (
      <article data-testid="finder">
        <Typography.Title level={1} className="shared-report__title">
          {tag.data.name ? t("safetags.finder.titleNamed", { name: tag.data.name }) : t("safetags.finder.title")}
        </Typography.Title>
        <Typography.Paragraph type="secondary" className="asset-public__message">
          {t("safetags.finder.intro", { company: tag.data.companyName })}
        </Typography.Paragraph>
        <Form layout="vertical" onFinish={() => send.mutate()} disabled={send.isPending}>
          <Form.Item label={t("safetags.finder.message")} htmlFor="finder-message" required>
            <Input.TextArea id="finder-message" rows={5} maxLength={SAFETAG_MESSAGE_MAX} value={message} onChange={(e) => setMessage(e.target.value)} placeholder={t("safetags.finder.placeholder")} data-testid="finder-message" />
          </Form.Item>
          <Form.Item>
            <Checkbox checked={shareLocation} onChange={(e) => setShareLocation(e.target.checked)} data-testid="finder-location">
              {t("safetags.finder.shareLocation")}
            </Checkbox>
          </Form.Item>
          <Typography.Paragraph type="secondary">{t("safetags.finder.privacy")}</Typography.Paragraph>
          {send.isError && <Alert type="error" showIcon title={isApiError(send.error) ? send.error.message : t("safetags.finder.sendError")} className="asset-public__error" />}
          <Button type="primary" htmlType="submit" block loading={send.isPending} disabled={message.trim() === ""} data-testid="finder-send">
            {t("safetags.finder.send")}
          </Button>
        </Form>
      </article>
    );
  }

  return <PublicPageFrame label={t("safetags.finder.pageTitle")}>{body}</PublicPageFrame>;
}
