import { useState, type ReactNode } from "react";
import { Badge, Button, Drawer, Empty, List, Pagination, Result, Segmented, Skeleton, Tag, Typography } from "antd";
import { CheckCircleTwoTone, ClockCircleOutlined, MessageOutlined, PlusOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { COLLABORATOR_MESSAGES_PAGE_SIZE, type CollaboratorBox, type CollaboratorMessage } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { useDateFormatter } from "../../lib/dates";
import { useRealtimeEvents } from "../realtime";
import { useSettings } from "../settings";
import { collaboratorKeys, fetchCollaboratorMessage, fetchCollaboratorMessages, markCollaboratorMessageRead } from "./collaborator-messages-api";
import { ComposeDrawer } from "./compose-drawer";
import "./collaborator-messages.css";

const positive = (value: string | null): number | null => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** `/v3/collaborators/messages` (issue 15): the messages the user received and sent in this
 * organisation, ten a page from page 1 (SPEC §9), kept in the address; a message opens in a drawer
 * (marked read; its sender and admins see each recipient's receipt); admins and operators write one. A
 * message arriving or being read refreshes the page live. */
export function CollaboratorMessagesPage(): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const format = useDateFormatter();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const role = settings.user.companies.find((c) => c.id === companyId)?.role;
  const canSend = role === "company_admin" || role === "operator";
  const [params, setParams] = useSearchParams();
  const box: CollaboratorBox = params.get("box") === "sent" ? "sent" : "received";
  const page = positive(params.get("page")) ?? 1;
  const openId = positive(params.get("open"));
  const [composing, setComposing] = useState(false);

  const set = (changes: Record<string, string | null>): void => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) if (v === null) next.delete(k);
    else next.set(k, v);
    setParams(next, { replace: true });
  };

  const list = useQuery({
    queryKey: collaboratorKeys.list(companyId, box, page),
    queryFn: ({ signal }) => fetchCollaboratorMessages(companyId, box, page, signal),
    placeholderData: (previous) => previous,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: collaboratorKeys.all(companyId) });

  useRealtimeEvents((message) => {
    if (message.type !== "collaboratorMessage" || message.companyId !== companyId) return;
    refresh();
  });

  const messages = list.data?.messages ?? [];
  const unread = list.data?.unread ?? 0;

  let body: ReactNode;
  if (list.isPending)
    body = (
      <div className="screen-card screen-card--padded" data-testid="collaborator-loading">
        <Skeleton active title={false} paragraph={{ rows: 5 }} />
      </div>
    );
  else if (list.isError)
    body = (
      <div className="screen-card" data-testid="collaborator-error">
        <Result
          status="warning"
          title={t("collaboratorMessages.loadError")}
          subTitle={isApiError(list.error) ? list.error.message : undefined}
          extra={
            <Button type="primary" onClick={() => void list.refetch()} loading={list.isFetching}>
              {t("common.retry")}
            </Button>
          }
        />
      </div>
    );
  else if (messages.length === 0)
    body = (
      <div className="screen-card screen-card--padded" data-testid="collaborator-empty">
        <Empty image={<MessageOutlined className="screen-empty-icon" />} description={t(`collaboratorMessages.empty.${box}`)} />
      </div>
    );
  else
    body = (
      <section className="screen-card" aria-label={t("collaboratorMessages.listLabel")}>
        <List
          className="collab-list"
          dataSource={messages}
          renderItem={(m) => (
            <List.Item className={`collab-item${m.read === false ? " collab-item--unread" : ""}`} data-testid="collaborator-row" data-message-id={m.id} data-read={String(m.read)}>
              <button type="button" className="collab-item__button" onClick={() => set({ open: String(m.id) })}>
                <span className="collab-item__top">
                  <span className="collab-item__title">
                    {m.read === false && <Badge status="processing" aria-hidden />}
                    <strong>{m.title}</strong>
                    {m.read === false && <span className="sr-only">{t("collaboratorMessages.unread")}</span>}
                  </span>
                  <time className="collab-item__date" dateTime={m.createdAt}>
                    {format(m.createdAt)}
                  </time>
                </span>
                <span className="collab-item__excerpt">{m.body}</span>
                <span className="collab-item__meta">
                  {box === "received" ? (
                    m.sender ? t("collaboratorMessages.from", { name: m.sender.name }) : t("collaboratorMessages.fromUnknown")
                  ) : (
                    <>
                      <span>{m.everyone ? t("collaboratorMessages.toEveryone") : t("collaboratorMessages.toCount", { count: m.recipientCount })}</span>
                      <span data-testid="collaborator-read-count">{t("collaboratorMessages.readCount", { read: m.readCount, total: m.recipientCount })}</span>
                    </>
                  )}
                </span>
              </button>
            </List.Item>
          )}
        />
        {(list.data?.total ?? 0) > COLLABORATOR_MESSAGES_PAGE_SIZE && (
          <div className="collab-pages">
            <Pagination
              current={page}
              pageSize={COLLABORATOR_MESSAGES_PAGE_SIZE}
              total={list.data?.total ?? 0}
              showSizeChanger={false}
              onChange={(next) => set({ page: String(next) })}
              size="small"
            />
          </div>
        )}
      </section>
    );

  return (
    <div className="page screen collab-page" data-testid="collaborator-messages-page">
      <header className="screen-header">
        <div>
          <Typography.Title level={1} className="screen-title">
            {t("collaboratorMessages.title")}
          </Typography.Title>
          <Typography.Text type="secondary">{t("collaboratorMessages.subtitle")}</Typography.Text>
        </div>
        {canSend && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setComposing(true)} data-testid="collaborator-compose-open">
            {t("collaboratorMessages.compose")}
          </Button>
        )}
      </header>
      <Segmented<CollaboratorBox>
        aria-label={t("collaboratorMessages.boxLabel")}
        value={box}
        onChange={(value) => set({ box: value === "sent" ? "sent" : null, page: null })}
        options={[
          { value: "received", label: unread > 0 ? t("collaboratorMessages.receivedWithCount", { count: unread }) : t("collaboratorMessages.received") },
          ...(canSend ? [{ value: "sent" as const, label: t("collaboratorMessages.sent") }] : []),
        ]}
        data-testid="collaborator-box"
      />
      {body}
      {canSend && (
        <ComposeDrawer
          companyId={companyId}
          selfId={settings.user.id}
          open={composing}
          onClose={() => setComposing(false)}
          onSent={(m) => {
            setComposing(false);
            set({ box: "sent", page: null, open: String(m.id) });
          }}
        />
      )}
      <MessageDrawer companyId={companyId} id={openId} onClose={() => set({ open: null })} onError={(text) => void toast.error(text)} />
    </div>
  );
}

/** One message: sender, date, text, addressees; its receipts for its sender and admins. A received
 * unread message is marked read when it opens. */
function MessageDrawer({ companyId, id, onClose, onError }: { companyId: number; id: number | null; onClose(): void; onError(text: string): void }): ReactNode {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const queryClient = useQueryClient();
  const one = useQuery({
    queryKey: collaboratorKeys.one(companyId, id ?? 0),
    queryFn: ({ signal }) => fetchCollaboratorMessage(companyId, id!, signal),
    enabled: id !== null,
  });
  const read = useMutation({
    mutationFn: (messageId: number) => markCollaboratorMessageRead(companyId, messageId),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: collaboratorKeys.all(companyId) }),
    onError: (error: unknown) => onError(isApiError(error) ? error.message : t("errors.generalError")),
  });
  const message: CollaboratorMessage | undefined = one.data?.message;
  if (message && message.read === false && !read.isPending && read.variables !== message.id) read.mutate(message.id);
  const receipts = one.data?.receipts ?? null;

  return (
    <Drawer open={id !== null} onClose={onClose} size={520} title={message?.title ?? t("collaboratorMessages.listLabel")} data-testid="collaborator-view">
      {one.isPending && id !== null && <Skeleton active />}
      {one.isError && <Result status="warning" title={t("collaboratorMessages.view.loadError")} subTitle={isApiError(one.error) ? one.error.message : undefined} />}
      {message && (
        <article className="collab-view">
          <p className="collab-view__meta">
            <span>{message.sender ? t("collaboratorMessages.from", { name: message.sender.name }) : t("collaboratorMessages.fromUnknown")}</span>
            <span>{t("collaboratorMessages.view.sentAt", { date: format(message.createdAt) })}</span>
            <span>{message.everyone ? t("collaboratorMessages.toEveryone") : t("collaboratorMessages.toCount", { count: message.recipientCount })}</span>
          </p>
          <p className="collab-view__body" data-testid="collaborator-view-body">
            {message.body}
          </p>
          {receipts && (
            <section aria-labelledby="collab-receipts-title" className="collab-receipts">
              <Typography.Title level={2} id="collab-receipts-title" className="collab-receipts__title">
                {t("collaboratorMessages.view.receipts")} · {t("collaboratorMessages.readCount", { read: message.readCount, total: message.recipientCount })}
              </Typography.Title>
              <ul className="collab-receipts__list">
                {receipts.map((r) => (
                  <li key={r.userId} className="collab-receipt" data-testid="collaborator-receipt" data-user-id={r.userId} data-read={r.readAt !== null}>
                    <span className="collab-receipt__name">{r.name}</span>
                    {r.readAt ? (
                      <Tag icon={<CheckCircleTwoTone twoToneColor="#237804" />} className="collab-receipt__state">
                        {t("collaboratorMessages.view.readAt", { date: format(r.readAt) })}
                      </Tag>
                    ) : (
                      <Tag icon={<ClockCircleOutlined />} className="collab-receipt__state">
                        {t("collaboratorMessages.view.notRead")}
                      </Tag>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </article>
      )}
    </Drawer>
  );
}
