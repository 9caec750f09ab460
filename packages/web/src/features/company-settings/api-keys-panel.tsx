import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, App, Button, Empty, Input, Result, Skeleton, Tag, Typography } from "antd";
import { KeyOutlined, PlusOutlined, StopOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { ApiKey } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { useDateFormatter } from "../../lib/dates";
import { companySettingsKeys, createApiKey, fetchApiKeys, revokeApiKey } from "../settings";

/** The settings' "API keys" tab (issue 18, company admins): the Open311 endpoint and the organisation's
 * jurisdiction_id, creating a key (shown once, with a copy button), the keys by prefix with their
 * creation and last use, and revoking one after a confirmation. */
export function ApiKeysPanel({ companyId }: { companyId: number }): ReactNode {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const toast = useToast();
  const format = useDateFormatter();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string>();
  const [created, setCreated] = useState<{ key: string; name: string }>();
  const keys = useQuery({ queryKey: companySettingsKeys.apiKeys(companyId), queryFn: ({ signal }) => fetchApiKeys(companyId, signal) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: companySettingsKeys.apiKeys(companyId) });

  const create = useMutation({
    mutationFn: (keyName: string) => createApiKey(companyId, keyName),
    onSuccess: ({ key, apiKey }) => {
      setCreated({ key, name: apiKey.name });
      setName("");
      refresh();
    },
    onError: (error: unknown) => {
      const field = isApiError(error) ? error.fields?.find((f) => f.field === "name") : undefined;
      if (field) setNameError(field.message ?? t("companySettings.apiKeys.createError"));
      else void toast.error(t("companySettings.apiKeys.createError"));
    },
  });
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => revokeApiKey(companyId, key.id),
    onSuccess: (key) => {
      refresh();
      void toast.success(t("companySettings.apiKeys.revokedToast", { name: key.name }));
    },
    onError: () => void toast.error(t("companySettings.apiKeys.revokeError")),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    // The same rule and text as the API's (the `organisation` catalogue, merged as organisation.rules).
    if (!trimmed) return setNameError(t("organisation.rules.apiKeyNameRequired"));
    setNameError(undefined);
    create.mutate(trimmed);
  };
  const confirmRevoke = (key: ApiKey) =>
    void modal.confirm({
      title: t("companySettings.apiKeys.revokeConfirm", { name: key.name }),
      content: t("companySettings.apiKeys.revokeText"),
      okText: t("companySettings.apiKeys.revokeShort"),
      cancelText: t("common.cancel"),
      okButtonProps: { danger: true, "data-testid": "api-key-revoke-confirm" },
      onOk: () => revoke.mutateAsync(key).catch(() => undefined),
    });

  const endpoint = `${window.location.origin}/open311/v2`;
  let list: ReactNode;
  if (keys.isPending) list = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (keys.isError)
    list = <Result status="warning" title={t("companySettings.apiKeys.loadError")} extra={<Button onClick={() => void keys.refetch()}>{t("common.retry")}</Button>} />;
  else if (keys.data.length === 0) list = <Empty description={t("companySettings.apiKeys.empty")} />;
  else
    list = (
      <ul className="api-keys__list" data-testid="api-keys-list">
        {keys.data.map((k) => (
          <li key={k.id} className="api-keys__item" data-testid="api-key-row">
            <div className="api-keys__main">
              <span className="api-keys__name">{k.name}</span>
              {k.revokedAt ? (
                <Tag color="default">{t("companySettings.apiKeys.revoked", { date: format(k.revokedAt) })}</Tag>
              ) : (
                <Tag color="green">{t("companySettings.apiKeys.active")}</Tag>
              )}
            </div>
            <div className="api-keys__meta">
              <span>
                {t("companySettings.apiKeys.prefix")} <code className="api-keys__prefix">{k.prefix}…</code>
              </span>
              <span>
                {k.createdBy
                  ? t("companySettings.apiKeys.createdBy", { date: format(k.createdAt), name: k.createdBy })
                  : t("companySettings.apiKeys.created", { date: format(k.createdAt) })}
              </span>
              <span>{k.lastUsedAt ? t("companySettings.apiKeys.lastUsed", { date: format(k.lastUsedAt) }) : t("companySettings.apiKeys.neverUsed")}</span>
            </div>
            {!k.revokedAt && (
              <Button danger icon={<StopOutlined />} aria-label={t("companySettings.apiKeys.revoke", { name: k.name })} onClick={() => confirmRevoke(k)} data-testid="api-key-revoke">
                {t("companySettings.apiKeys.revokeShort")}
              </Button>
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <div className="api-keys" data-testid="api-keys-panel">
      <section className="screen-card screen-card--inset" aria-labelledby="api-keys-title">
        <Typography.Title level={2} id="api-keys-title" className="company-settings__heading">
          {t("companySettings.apiKeys.title")}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t("companySettings.apiKeys.intro")}</Typography.Paragraph>
        <dl className="api-keys__facts">
          <dt>{t("companySettings.apiKeys.endpoint")}</dt>
          <dd>
            <Typography.Text code copyable className="api-keys__endpoint">
              {endpoint}
            </Typography.Text>
          </dd>
          <dt>{t("companySettings.apiKeys.jurisdiction")}</dt>
          <dd>
            <Typography.Text code copyable data-testid="api-keys-jurisdiction">
              {String(companyId)}
            </Typography.Text>
          </dd>
        </dl>
        <form className="api-keys__form" onSubmit={submit} noValidate>
          <label htmlFor="api-key-name" className="api-keys__label">
            {t("companySettings.apiKeys.nameLabel")}
          </label>
          <div className="api-keys__row">
            <Input
              id="api-key-name"
              value={name}
              maxLength={80}
              placeholder={t("companySettings.apiKeys.namePlaceholder")}
              status={nameError ? "error" : undefined}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? "api-key-name-error" : undefined}
              onChange={(e) => setName(e.target.value)}
              className="api-keys__input"
              data-testid="api-key-name"
            />
            <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={create.isPending} data-testid="api-key-create">
              {t("companySettings.apiKeys.create")}
            </Button>
          </div>
          {nameError && (
            <Typography.Text type="danger" id="api-key-name-error" role="alert">
              {nameError}
            </Typography.Text>
          )}
        </form>
        {created && (
          <Alert
            type="success"
            showIcon
            icon={<KeyOutlined />}
            className="api-keys__created"
            data-testid="api-key-created"
            title={t("companySettings.apiKeys.createdTitle")}
            description={
              <>
                <p>{t("companySettings.apiKeys.createdText")}</p>
                <Typography.Text
                  code
                  className="api-keys__secret"
                  data-testid="api-key-secret"
                  copyable={{ text: created.key, tooltips: [t("companySettings.apiKeys.copy"), t("companySettings.apiKeys.copied")] }}
                >
                  {created.key}
                </Typography.Text>
                <div>
                  <Button onClick={() => setCreated(undefined)} data-testid="api-key-done">
                    {t("companySettings.apiKeys.done")}
                  </Button>
                </div>
              </>
            }
          />
        )}
      </section>
      <section className="screen-card screen-card--inset" aria-labelledby="api-keys-list-title">
        <Typography.Title level={2} id="api-keys-list-title" className="company-settings__heading">
          {t("companySettings.apiKeys.listTitle")}
        </Typography.Title>
        {list}
      </section>
    </div>
  );
}
