import { useDeferredValue, useState, type ReactNode } from "react";
import { Button, Input, Result, Skeleton, Table, Tag, Typography, type TableColumnsType } from "antd";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useDateFormatter } from "../../lib/dates";
import { isAdminGroup, type MailMessage } from "@atalaya/shared";
import { useSettings } from "../settings";
import { fetchMails, mailKeys } from "./mail-api";
import { useClearable } from "../../components/use-clearable";

const STATE_COLORS: Record<MailMessage["state"], string> = { outbox: "blue", queued: "gold", sent: "green", failed: "red" };

/** `/v3/mail-outbox` (provider administrators): every mail the product stored, newest first, with its
 * state; a row opens to its text. */
export function MailOutboxPage(): ReactNode {
  const { t } = useTranslation();
  const clearable = useClearable();
  const { settings } = useSettings();
  const provider = isAdminGroup(settings.user.groups);
  const [to, setTo] = useState("");
  const filter = useDeferredValue(to.trim());
  const mails = useQuery({ queryKey: mailKeys.outbox(filter), queryFn: ({ signal }) => fetchMails(filter, signal), enabled: provider });
  // The portal's one date-time format, in the user's time zone (lib/dates).
  const formatDate = useDateFormatter();
  const date = (iso: string): string => formatDate(iso) ?? iso;
  const columns: TableColumnsType<MailMessage> = [
    { key: "to", title: t("mailOutbox.columns.to"), dataIndex: "to" },
    { key: "subject", title: t("mailOutbox.columns.subject"), dataIndex: "subject" },
    { key: "state", title: t("mailOutbox.columns.state"), render: (_, m) => <Tag color={STATE_COLORS[m.state]}>{t(`mailOutbox.states.${m.state}`)}</Tag> },
    { key: "attempts", title: t("mailOutbox.columns.attempts"), dataIndex: "attempts" },
    { key: "created", title: t("mailOutbox.columns.created"), render: (_, m) => date(m.createdAt) },
  ];

  let body: ReactNode;
  if (!provider) body = <Result status="403" title={t("statusPages.notAuthTitle")} />;
  else if (mails.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (mails.isError) body = <Result status="warning" title={t("errors.generalError")} extra={<Button onClick={() => void mails.refetch()}>{t("common.retry")}</Button>} />;
  else
    body = (
      <Table<MailMessage>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={mails.data}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 800 }}
        locale={{ emptyText: t("mailOutbox.empty") }}
        expandable={{ expandedRowRender: (m) => <pre style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", margin: 0, fontFamily: "inherit", maxWidth: 720 }} aria-label={t("mailOutbox.body")}>{m.text}</pre> }}
        onRow={(m) => ({ "data-testid": "mail-row", "data-to": m.to }) as React.HTMLAttributes<HTMLElement>}
      />
    );

  return (
    <div className="page" data-testid="mail-outbox-page" style={{ display: "flex", flexDirection: "column", gap: 16 }}>
      <header>
        <Typography.Title level={1} style={{ fontSize: 26, marginBottom: 4 }}>{t("mailOutbox.title")}</Typography.Title>
        <Typography.Text type="secondary">{t("mailOutbox.subtitle")}</Typography.Text>
      </header>
      {provider && (
        <Input.Search allowClear={clearable} aria-label={t("mailOutbox.filter")} placeholder={t("mailOutbox.filter")} value={to} onChange={(e) => setTo(e.target.value)} style={{ maxWidth: 360 }} data-testid="mail-filter" />
      )}
      <section aria-label={t("mailOutbox.title")} style={{ background: "#fff", borderRadius: 12, padding: 16, minWidth: 0 }}>{body}</section>
    </div>
  );
}
