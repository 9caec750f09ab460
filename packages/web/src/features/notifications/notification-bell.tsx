import { useState, type ReactNode } from "react";
import { Alert, Badge, Button, Drawer, Empty, Flex, Skeleton, Tooltip, Typography } from "antd";
import { BellOutlined, CheckOutlined } from "@ant-design/icons";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { NOTIFICATIONS_PAGE_SIZE, type Notification } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { useDateFormatter } from "../../lib/dates";
import { reportTypeName } from "../../components/report-type-visual";
import { lifeKeys } from "../reports";
import { useRealtimeEvents } from "../realtime";
import { useSettings } from "../settings";
import { notificationText } from "./notification-text";
import { fetchNotifications, markAllNotificationsRead, markNotificationRead, notificationKeys } from "./notifications-api";
import "./notifications.css";

/** The sentence of a notification in the current language. */
function useNotificationSentence(): (n: Notification) => string {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return (n) => {
    const { key, values } = notificationText(
      n,
      (type) => reportTypeName(type, lang),
      (status) => t(`statuses.${status}` as "statuses.pending", { defaultValue: status }),
      (field) => t(`notifications.fields.${field}` as "notifications.fields.type", { defaultValue: field }),
    );
    return t(key, values);
  };
}

/**
 * The header's bell: the unread count of the user's own notifications in this organisation, and a drawer
 * listing them (newest first, paged); a click marks one read and opens its report. A `notification`
 * message on the real-time channel (sent to this user alone) refreshes it at once and says so.
 */
export function NotificationBell(): ReactNode {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const format = useDateFormatter();
  const sentence = useNotificationSentence();
  const [open, setOpen] = useState(false);
  const key = notificationKeys.all(companyId);

  const list = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => fetchNotifications(companyId, pageParam, NOTIFICATIONS_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length * NOTIFICATIONS_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
    // A notification whose live message was lost (a reconnect) still shows within a minute.
    refetchInterval: 60_000,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });

  useRealtimeEvents((message) => {
    if (message.type === "hello") refresh();
    if (message.type !== "notification" || message.companyId !== companyId) return;
    refresh();
    const notification = message.data.notification as Notification | undefined;
    if (notification) void toast.info(t("notifications.newOne", { text: sentence(notification) }));
    // A lifted free plan unlocks the menu's full-plan entries without a reload.
    if (notification?.kind === "upgradeAnswered") void queryClient.invalidateQueries({ queryKey: ["settings"] });
    // A report held for review: an open review queue shows it without a reload.
    if (notification?.kind === "reviewWaiting") void queryClient.invalidateQueries({ queryKey: lifeKeys.reviewQueue(companyId) });
  });

  const readOne = useMutation({ mutationFn: markNotificationRead, onSettled: refresh });
  const readAll = useMutation({ mutationFn: () => markAllNotificationsRead(companyId), onSettled: refresh });

  const unread = list.data?.pages[0]?.unread ?? 0;
  const items = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  const choose = (n: Notification): void => {
    if (!n.read) readOne.mutate(n.id);
    if (n.kind === "reviewWaiting") {
      // A held report has no page in the panel until it is approved: its place is the review queue.
      setOpen(false);
      void navigate("/v3/reviews");
    } else if (n.reportUuid) {
      setOpen(false);
      void navigate(`/v3/events/${n.reportUuid}`);
    } else if (n.kind === "collaboratorMessage" && n.data.messageId) {
      // A message to collaborators opens on its screen (issue 15).
      setOpen(false);
      void navigate(`/v3/collaborators/messages?open=${n.data.messageId}`);
    }
  };

  let body: ReactNode;
  if (list.isPending) body = <Skeleton active title={false} paragraph={{ rows: 5 }} />;
  else if (list.isError)
    body = (
      <Alert
        type="warning"
        showIcon
        title={t("notifications.loadError")}
        action={<Button onClick={() => void list.refetch()}>{t("common.retry")}</Button>}
      />
    );
  else if (items.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("notifications.empty")} />;
  else
    body = (
      <>
        {/* A plain list: Ant Design's List would bring its pagination and select into every signed-in page. */}
        <ul className="notification-list">
          {items.map((n) => (
            <li key={n.id} className={`notification-item${n.read ? "" : " notification-item--unread"}`} data-testid="notification-item" data-kind={n.kind} data-read={n.read}>
              <button type="button" className="notification-item__button" onClick={() => choose(n)}>
                <span className="notification-item__text">{sentence(n)}</span>
                <span className="notification-item__meta">
                  {!n.read && <span className="notification-item__dot" aria-label={t("notifications.unread")} />}
                  <time dateTime={n.createdAt}>{format(n.createdAt)}</time>
                </span>
              </button>
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <Button block onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} className="notification-more">
            {t("notifications.loadMore")}
          </Button>
        )}
      </>
    );

  const label = unread > 0 ? t("notifications.openWithCount", { count: unread }) : t("notifications.open");
  return (
    <>
      <Tooltip title={label}>
        <Badge count={unread} size="small" offset={[-4, 4]} data-testid="notification-count" data-count={unread}>
          <Button type="text" icon={<BellOutlined />} aria-label={label} onClick={() => setOpen(true)} data-testid="notification-bell" />
        </Badge>
      </Tooltip>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        placement="right"
        size={380}
        className="notification-drawer"
        title={t("notifications.title")}
        data-testid="notification-drawer"
      >
        <Flex vertical gap={8}>
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Typography.Text type="secondary">{unread > 0 ? t("notifications.unreadCount", { count: unread }) : t("notifications.allRead")}</Typography.Text>
            <Button size="small" icon={<CheckOutlined />} disabled={unread === 0} loading={readAll.isPending} onClick={() => readAll.mutate()} data-testid="notifications-read-all">
              {t("notifications.markAllRead")}
            </Button>
          </Flex>
          {body}
        </Flex>
      </Drawer>
    </>
  );
}
