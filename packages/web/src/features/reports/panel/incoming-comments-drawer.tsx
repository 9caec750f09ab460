import { memo, useCallback, useState, useSyncExternalStore, type ReactNode } from "react";
import { Badge, Button, Drawer, Empty, Tooltip, Typography } from "antd";
import { CommentOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { INCOMING_COMMENTS_KEPT } from "@atalaya/shared";
import { useDateFormatter } from "../../../lib/dates";
import type { IncomingComment } from "../lists/incoming-comments";
import type { IncomingCommentsSnapshot, ReportSync } from "../lists/report-sync";

const EMPTY: IncomingCommentsSnapshot = { comments: [], unread: 0 };
const unsubscribeNothing = (): void => undefined;

function useIncomingComments(sync: ReportSync | undefined): IncomingCommentsSnapshot {
  // The same subscribe function until the sync changes: a new one would subscribe again on every render.
  const subscribe = useCallback((listener: () => void) => (sync ? sync.subscribeComments(listener) : unsubscribeNothing), [sync]);
  const snapshot = useCallback(() => (sync ? sync.getComments() : EMPTY), [sync]);
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY);
}

/** The drawer's list: rendered only while the drawer has been opened, and again only when the comments
 * change (the panel re-renders often; formatting 100 dates each time cost the panel's load). */
const IncomingCommentsList = memo(function IncomingCommentsList({
  comments,
  onFollow,
}: {
  comments: readonly IncomingComment[];
  onFollow: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const format = useDateFormatter();
  return (
    <>
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
              <Link to={`/v3/events/${comment.reportUuid}`} onClick={onFollow}>
                {t("events.reportNumber", { id: comment.reportId })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
});

/** Toolbar button with the unread count and a drawer of the last 100 community comments (SPEC §4). The
 * drawer (its styles included) is first built when the operator opens it, not with the panel. */
export function IncomingCommentsButton({ sync }: { sync: ReportSync | undefined }): ReactNode {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const { comments, unread } = useIncomingComments(sync);
  const close = useCallback(() => setOpen(false), []);

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
              setOpened(true);
              sync?.markCommentsRead();
            }}
          />
        </Badge>
      </Tooltip>
      {opened && (
        <Drawer open={open} onClose={close} title={t("events.incomingComments")} size={420} data-testid="incoming-comments-drawer">
          <IncomingCommentsList comments={comments} onFollow={close} />
        </Drawer>
      )}
    </>
  );
}
