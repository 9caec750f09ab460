import { useState, type ReactNode } from "react";
import { App, Button, Input, Result, Select, Table, Tag, Tooltip, Typography, type TableColumnsType } from "antd";
import { PlusOutlined } from "@ant-design/icons";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import {
  MESSAGE_ACTIONS,
  MESSAGE_STATES,
  MESSAGE_STATE_NAMES,
  MESSAGES_PAGE_SIZE,
  messageActionAllowed,
  messageProgressSchema,
  type Message,
  type MessageAction,
} from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { formatInstant } from "../../lib/dates";
import { useRealtimeEvents } from "../realtime";
import { useSettings } from "../settings";
import { MessageDrawer } from "./message-drawer";
import { fetchMessages, messageAction, messageKeys } from "./messages-api";
import "./messages.css";
import { useClearable } from "../../components/use-clearable";

const STATE_COLORS: Record<number, string> = { 1: "default", 2: "blue", 3: "green", 4: "default", 5: "gold", 6: "red" };
// What the company offers on a row (approve and reject are the provider's, on its own screen).
const ROW_ACTIONS = MESSAGE_ACTIONS.filter((a) => a !== "approve" && a !== "reject");
type ListResponse = Awaited<ReturnType<typeof fetchMessages>>;

/** `/v3/messages`: the organisation's mass messages by state and title, paged, with their live counts;
 * the editor in a drawer and each row's SPEC §4 actions. */
export function MessagesPage(): ReactNode {
  const { t, i18n } = useTranslation();
  const clearable = useClearable();
  const { modal } = App.useApp();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const timeZone = settings.company.timezone;
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const [state, setState] = useState<number | undefined>(undefined);
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  // undefined: drawer closed; null: creating; a message: editing it.
  const [editing, setEditing] = useState<Message | null | undefined>(undefined);

  const query = { state, q, page };
  const list = useQuery({
    queryKey: messageKeys.list(companyId, query),
    queryFn: ({ signal }) => fetchMessages(companyId, query, signal),
    placeholderData: keepPreviousData,
  });

  // Delivery progress and openings arrive live: the row's counts and state change in place.
  useRealtimeEvents((message) => {
    if (message.type !== "messages" || message.companyId !== companyId) return;
    const progress = messageProgressSchema.safeParse(message.data);
    if (!progress.success) return;
    const { id, sentCount, openedCount, state: next } = progress.data;
    queryClient.setQueriesData<ListResponse>({ queryKey: messageKeys.all(companyId) }, (old) =>
      old && "messages" in old
        ? { ...old, messages: old.messages.map((m) => (m.id === id ? { ...m, sentCount, openedCount, state: next as Message["state"] } : m)) }
        : old,
    );
  });

  const act = useMutation({
    mutationFn: ({ message, action }: { message: Message; action: MessageAction }) => messageAction(companyId, message.id, action),
    onSuccess: (_, { action }) => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.all(companyId) });
      void toast.success(t(`massMessages.done.${action}` as "massMessages.done.send"));
    },
    onError: (error: unknown, { action }) => {
      const retry = action === "delete" || action === "discard" ? "delete" : action === "archive" ? "archive" : "other";
      void toast.error(isApiError(error) && error.status === 409 ? error.message : t(`massMessages.retry.${retry}`));
    },
  });

  const run = (message: Message, action: MessageAction) => {
    if (action === "delete" || action === "discard")
      void modal.confirm({
        title: t(action === "delete" ? "massMessages.confirmDelete" : "massMessages.confirmDiscard", { title: message.title }),
        okButtonProps: { danger: true, "data-testid": "message-confirm" },
        okText: t(`massMessages.actions.${action}`),
        cancelText: t("common.cancel"),
        onOk: () => act.mutateAsync({ message, action }).catch(() => undefined),
      });
    else act.mutate({ message, action });
  };

  const stateName = (s: number) => t(`massMessages.states.${MESSAGE_STATE_NAMES[s as Message["state"]]}`);
  const columns: TableColumnsType<Message> = [
    {
      key: "title",
      title: t("massMessages.columns.title"),
      render: (_, m) => (
        <div className="messages-title">
          <strong data-testid="message-title">{m.title}</strong>
          {m.ad && <Tag color="purple">{t("massMessages.ad")}</Tag>}
          {m.state === 6 && m.rejectReason && (
            <Typography.Text type="danger" className="messages-reason" data-testid="message-reject-reason">
              {t("massMessages.rejectedBecause", { reason: m.rejectReason })}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      key: "state",
      title: t("massMessages.columns.state"),
      width: 150,
      render: (_, m) => (
        <Tag color={STATE_COLORS[m.state]} data-testid="message-state" data-state={m.state}>
          {stateName(m.state)}
        </Tag>
      ),
    },
    {
      key: "schedule",
      title: t("massMessages.columns.schedule"),
      width: 170,
      responsive: ["md"],
      render: (_, m) => (m.scheduleDate ? formatInstant(m.scheduleDate, timeZone, lang, "D MMM YYYY, HH:mm") : "—"),
    },
    { key: "zone", title: t("massMessages.columns.zone"), width: 160, responsive: ["lg"], render: (_, m) => m.zone.name ?? t("massMessages.defaultZone") },
    { key: "sent", title: t("massMessages.columns.sent"), width: 90, align: "right", render: (_, m) => <span data-testid="message-sent">{m.sentCount}</span> },
    { key: "opened", title: t("massMessages.columns.opened"), width: 90, align: "right", render: (_, m) => <span data-testid="message-opened">{m.openedCount}</span> },
    {
      key: "actions",
      title: t("massMessages.columns.actions"),
      render: (_, m) => (
        <div className="messages-actions">
          {messageActionAllowed("edit", m.state) && (
            <Button size="small" onClick={() => setEditing(m)} data-testid="message-edit">
              {t("massMessages.actions.edit")}
            </Button>
          )}
          {ROW_ACTIONS.filter((a) => messageActionAllowed(a, m.state) && (a !== "schedule" || m.scheduleDate)).map((a) => (
            <Tooltip key={a} title={t(`massMessages.actions.${a}`)}>
              <Button
                size="small"
                type={a === "send" || a === "schedule" ? "primary" : "default"}
                danger={a === "delete" || a === "discard"}
                onClick={() => run(m, a)}
                data-testid={`message-${a}`}
              >
                {t(`massMessages.actions.${a}`)}
              </Button>
            </Tooltip>
          ))}
        </div>
      ),
    },
  ];

  return (
    <div className="screen messages-screen">
      <header className="screen-header">
        <div>
          <Typography.Title level={1} className="screen-title">
            {t("massMessages.title")}
          </Typography.Title>
          <Typography.Paragraph className="screen-muted">{t("massMessages.subtitle")}</Typography.Paragraph>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="message-create">
          {t("massMessages.create")}
        </Button>
      </header>
      <div className="messages-filters">
        <Select
          aria-label={t("massMessages.stateFilter")}
          className="messages-state-filter"
          value={state ?? 0}
          onChange={(v: number) => {
            setState(v === 0 ? undefined : v);
            setPage(1);
          }}
          options={[{ value: 0, label: t("massMessages.allStates") }, ...MESSAGE_STATES.map((s) => ({ value: s, label: stateName(s) }))]}
          data-testid="message-state-filter"
        />
        <Input.Search
          allowClear={clearable}
          aria-label={t("massMessages.search")}
          placeholder={t("massMessages.search")}
          onSearch={(v) => {
            setQ(v.trim());
            setPage(1);
          }}
          data-testid="message-search"
        />
      </div>
      {list.isError && !list.data ? (
        <Result status="warning" title={t("massMessages.loadError")} extra={<Button onClick={() => void list.refetch()}>{t("common.retry")}</Button>} />
      ) : (
        <Table<Message>
          rowKey="id"
          size="middle"
          scroll={{ x: "max-content" }}
          loading={list.isPending}
          columns={columns}
          dataSource={list.data?.messages ?? []}
          locale={{ emptyText: t("massMessages.empty") }}
          onRow={(m) => ({ "data-testid": "message-row", "data-id": m.id }) as React.HTMLAttributes<HTMLElement>}
          pagination={{ current: page, pageSize: MESSAGES_PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        />
      )}
      {editing !== undefined && (
        <MessageDrawer
          companyId={companyId}
          timeZone={timeZone}
          message={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void queryClient.invalidateQueries({ queryKey: messageKeys.all(companyId) });
            void toast.success(t("massMessages.done.saved"));
          }}
        />
      )}
    </div>
  );
}
