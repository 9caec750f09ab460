import { useState, useSyncExternalStore, type ReactNode } from "react";
import { Badge, Button, Drawer, Empty, Tooltip, Typography } from "antd";
import { CommentOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { INCOMING_COMMENTS_KEPT } from "@atalaya/shared";
import { useDateFormatter } from "../../lib/dates";
import type { IncomingCommentsSnapshot, ReportSync } from "./report-sync";

const EMPTY: IncomingCommentsSnapshot = { comments: [], unread: 0 };
const noop = (): (() => void) => () => undefined;

function useIncomingComments(sync: ReportSync | undefined): IncomingCommentsSnapshot {
  return useSyncExternalStore(
    sync ? (listener) => sync.subscribeComments(listener) : noop,
    () => (sync ? sync.getComments() : EMPTY),
    () => EMPTY,
  );
}

/** Toolbar button with the unread count and a drawer of the last 100 community comments (SPEC §4). */
export function IncomingCommentsButton({ sync }: { sync: ReportSync | undefined }): ReactNode {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const [open, setOpen] = useState(false);
  const { comments, unread } = useIncomingComments(sync);

  return (
    <>
      <Tooltip title={t("events.incomingComments")}>
        <Badge count={unread} size="small" overflowCount={99}>
          <Button
            icon={<CommentOutlined />}
            aria-label={t("events.incomingComments")}
            data-testid="incoming-comments-button"
            onClick={() => {
              setOpen(true);
              sync?.markCommentsRead();
            }}
          />
        </Badge>
      </Tooltip>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t("events.incomingComments")}
        size={420}
        data-testid="incoming-comments-drawer"
      >
        <Typography.Paragraph type="secondary" className="incoming-comments__hint">
          {t("events.incomingHint", { max: INCOMING_COMMENTS_KEPT })}
        </Typography.Paragraph>
        {comments.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("events.incomingEmpty")} />
        ) : (
          <ul className="incoming-comments" data-testid="incoming-comments">
            {comments.map((comment) => (
              <li key={comment.id} className="incoming-comments__item" data-testid="incoming-comment">
                <div className="incoming-comments__meta">
                  <Typography.Text strong>{comment.authorName ?? t("events.anonymousAuthor")}</Typography.Text>
                  <Typography.Text type="secondary" className="incoming-comments__time">
                    {format(comment.createdAt)}
                  </Typography.Text>
                </div>
                <Typography.Paragraph className="incoming-comments__body" ellipsis={{ rows: 4, expandable: true }}>
                  {comment.body}
                </Typography.Paragraph>
                <Link to={`/v3/events/${comment.reportUuid}`} onClick={() => setOpen(false)}>
                  {t("events.reportNumber", { id: comment.reportId })}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Drawer>
    </>
  );
}
