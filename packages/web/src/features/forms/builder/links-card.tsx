import { useState, type ReactNode } from "react";
import { Button, Input, List, Space, Tag, Typography } from "antd";
import { CopyOutlined, LinkOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useDateFormatter } from "../../../lib/dates";
import { useToast } from "../../../lib/use-toast";
import { copyText } from "../../../lib/clipboard";
import { createLink, fetchLinks, formKeys, revokeLink } from "../forms-api";

/** A fill link's whole address, as it is sent to whoever fills the form (this portal's origin). */
function publicFillUrl(token: string, origin: string = window.location.origin): string {
  return `${origin}/f/${token}`;
}

/** The template's public fill links (`/f/{token}`), each shown by its whole address: create one
 * (optionally expiring), copy, revoke. */
export function LinksCard({ companyId, templateId }: { companyId: number; templateId: number }): ReactNode {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const toast = useToast();
  const client = useQueryClient();
  const [expires, setExpires] = useState("");
  const links = useQuery({ queryKey: formKeys.links(companyId, templateId), queryFn: ({ signal }) => fetchLinks(companyId, templateId, signal) });
  const refresh = () => client.invalidateQueries({ queryKey: formKeys.links(companyId, templateId) });
  const create = useMutation({ mutationFn: () => createLink(companyId, templateId, expires ? new Date(expires).toISOString() : null), onSuccess: () => void refresh(), onError: () => toast.error(t("forms.links.error")) });
  const revoke = useMutation({ mutationFn: (id: number) => revokeLink(companyId, id), onSuccess: () => void refresh(), onError: () => toast.error(t("forms.links.error")) });
  const copy = async (token: string) => {
    if (await copyText(publicFillUrl(token))) toast.success(t("forms.links.copied"));
    else toast.error(t("forms.links.copyError"));
  };
  return (
    <section className="builder-card" aria-labelledby="builder-links-title" data-testid="builder-links">
      <h2 id="builder-links-title" className="builder-card-title">
        <LinkOutlined aria-hidden /> {t("forms.links.title")}
      </h2>
      <Space wrap>
        <label className="builder-editor-label" htmlFor="link-expires">
          {t("forms.links.expires")}
        </label>
        <Input id="link-expires" type="datetime-local" value={expires} onChange={(e) => setExpires(e.target.value)} className="builder-link-expiry" />
        <Button onClick={() => create.mutate()} loading={create.isPending} data-testid="link-create">
          {t("forms.links.create")}
        </Button>
      </Space>
      <List
        size="small"
        dataSource={links.data ?? []}
        renderItem={(l) => {
          const expired = l.expiresAt !== null && Date.parse(l.expiresAt) <= links.dataUpdatedAt;
          const state = l.revokedAt ? "revoked" : expired ? "expired" : "active";
          return (
            <List.Item data-testid="link-row">
              <div className="builder-link">
                <Typography.Text code className="builder-link-url" data-testid="link-url">
                  {publicFillUrl(l.token)}
                </Typography.Text>
                <Tag color={state === "active" ? "green" : "default"}>{t(`forms.links.${state}`)}</Tag>
                {l.expiresAt && <span className="screen-muted">{format(l.expiresAt)}</span>}
                {state === "active" && (
                  <Space>
                    <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(l.token)} data-testid="link-copy">
                      {t("forms.links.copy")}
                    </Button>
                    <Button size="small" danger onClick={() => revoke.mutate(l.id)} data-testid="link-revoke">
                      {t("forms.links.revoke")}
                    </Button>
                  </Space>
                )}
              </div>
            </List.Item>
          );
        }}
      />
    </section>
  );
}
