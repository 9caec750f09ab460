import { useId, useRef, useState, type ReactNode } from "react";
import { Button, Empty, Input, List, Pagination, Result, Segmented, Skeleton, Tag, Typography } from "antd";
import { CheckCircleOutlined, MessageOutlined, SendOutlined } from "@ant-design/icons";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { REPLIES_PAGE_SIZE, type Reply } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { useDateFormatter } from "../../lib/dates";
import { reportTypeName } from "../../components/report-type-visual";
import { useRealtimeEvents } from "../realtime";
import { postComment } from "../reports";
import { StatusResult } from "../errors";
import { useSettings } from "../settings";
import { fetchReplies, replyKeys } from "./replies-api";
import "./replies.css";

/** The reply box under a comment: posts a public comment on its report through the comment route. */
function ReplyBox({ reply, onSent }: { reply: Reply; onSent: () => void }): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const { settings } = useSettings();
  const [text, setText] = useState("");
  const id = useId();
  const send = useMutation({
    mutationFn: () => postComment(settings.company.id, reply.report.id, text.trim(), null),
    onSuccess: () => {
      setText("");
      void toast.success(t("replies.sent"));
      onSent();
    },
    onError: (error: unknown) => void toast.error(isApiError(error) ? error.message : t("errors.generalError")),
  });
  return (
    <form
      className="reply-box"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) send.mutate();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t("replies.replyLabel", { name: reply.comment.user?.name ?? t("replies.anonymous") })}
      </label>
      <Input.TextArea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 1, maxRows: 5 }}
        maxLength={4000}
        placeholder={t("replies.placeholder")}
        data-testid="reply-input"
      />
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.isPending} disabled={!text.trim()} data-testid="reply-send">
        {t("replies.send")}
      </Button>
    </form>
  );
}

function ReplyItem({ reply, onSent }: { reply: Reply; onSent: () => void }): ReactNode {
  const { t, i18n } = useTranslation();
  const format = useDateFormatter();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const [open, setOpen] = useState(false);
  const { comment, report } = reply;
  return (
    <List.Item className={`reply-item${reply.answered ? "" : " reply-item--unanswered"}`} data-testid="reply-row" data-answered={reply.answered} data-comment-id={comment.id}>
      <div className="reply-item__head">
        <strong>{comment.user?.name || t("replies.anonymous")}</strong>
        {comment.isAuthor && <Tag>{t("replies.author")}</Tag>}
        {reply.answered ? (
          <Tag icon={<CheckCircleOutlined />} color="green">
            {t("replies.answered")}
          </Tag>
        ) : (
          <Tag color="magenta" data-testid="reply-unanswered">
            {t("replies.unanswered")}
          </Tag>
        )}
        <Typography.Text type="secondary" className="reply-item__time">
          <time dateTime={comment.created_at}>{format(comment.created_at)}</time>
        </Typography.Text>
      </div>
      <Typography.Paragraph className="reply-item__body">{comment.body}</Typography.Paragraph>
      <div className="reply-item__report">
        {t("replies.on")}{" "}
        <Link to={`/v3/events/${report.uuid}`} className="reply-item__link">
          {report.title?.trim() || `${reportTypeName(report.type, lang)} #${report.id}`}
        </Link>{" "}
        <Tag>{t(`statuses.${report.status}` as "statuses.pending")}</Tag>
        {!open && (
          <Button size="small" icon={<MessageOutlined />} onClick={() => setOpen(true)} data-testid="reply-open">
            {t("replies.reply")}
          </Button>
        )}
      </div>
      {open && <ReplyBox reply={reply} onSent={onSent} />}
    </List.Item>
  );
}

/** `/v3/replies`: the community's comments on the organisation's reports, newest first; those nobody of
 * the organisation answered yet are marked, and each can be answered from here. Live: new comments show
 * as they arrive. */
export function RepliesPage(): ReactNode {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const queryClient = useQueryClient();
  const [unansweredOnly, setUnansweredOnly] = useState(false);
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: replyKeys.page(companyId, unansweredOnly, page),
    queryFn: ({ signal }) => fetchReplies(companyId, unansweredOnly, page, REPLIES_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: replyKeys.all(companyId) });
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useRealtimeEvents((message) => {
    if ((message.type !== "incomingComment" && message.type !== "newComment") || pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = undefined;
      refresh();
    }, 500);
  });

  let body: ReactNode;
  if (list.isPending) body = <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  // Opened by address without the role for it (the menu does not offer it): the 403 screen.
  else if (list.isError && isApiError(list.error) && list.error.status === 403) body = <StatusResult kind="notAuth" />;
  else if (list.isError)
    body = <Result status="warning" title={t("replies.loadError")} extra={<Button onClick={() => void list.refetch()}>{t("common.retry")}</Button>} />;
  else if (list.data.replies.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(unansweredOnly ? "replies.emptyUnanswered" : "replies.empty")} />;
  else
    body = (
      <>
        <List<Reply> dataSource={list.data.replies} rowKey={(r) => r.comment.id} renderItem={(r) => <ReplyItem reply={r} onSent={refresh} />} />
        <Pagination
          className="replies-pagination"
          current={page}
          pageSize={REPLIES_PAGE_SIZE}
          total={list.data.total}
          hideOnSinglePage
          showSizeChanger={false}
          onChange={setPage}
          size="small"
        />
      </>
    );

  return (
    <div className="page screen replies-page" data-testid="replies-page">
      <header>
        <Typography.Title level={1} className="screen-title">
          {t("replies.title")}
        </Typography.Title>
        <Typography.Text type="secondary">{t("replies.subtitle")}</Typography.Text>
      </header>
      <Segmented
        value={unansweredOnly ? "unanswered" : "all"}
        onChange={(value) => {
          setUnansweredOnly(value === "unanswered");
          setPage(1);
        }}
        options={[
          { value: "all", label: t("replies.filterAll") },
          { value: "unanswered", label: t("replies.filterUnanswered", { count: list.data?.unanswered ?? 0 }) },
        ]}
        aria-label={t("replies.filterLabel")}
        data-testid="replies-filter"
      />
      <div className="screen-card">{body}</div>
    </div>
  );
}
