import type { ReactNode } from "react";
import { Alert, Empty, Listy, Skeleton, Tag, Tooltip } from "antd";
import { mergeLiveQueryData } from "../../../lib/live-query";
import { useToast } from "../../../lib/use-toast";
import { EyeInvisibleOutlined, GlobalOutlined, SafetyCertificateOutlined, UserOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { DEFAULT_MAX_UPLOAD_MB, type Comment, type Report } from "@atalaya/shared";
import { useDateFormatter } from "../../../lib/dates";
import { insertAnswerText, AnswerPicker } from "../../answers";
import { actionErrorMessage } from "./action-errors";
import { COMMENT_ACCEPT, commentAttachmentProblem } from "./attachments";
import { Composer } from "./composer";
import { detailKeys, editComment, fetchComments, postComment } from "./detail-api";
import { PersonAvatar } from "./detail-ui";
import { addComment } from "./live-updates";
import { MediaList } from "./media-view";
import { EditableBody } from "./editable-body";

const SHORT_FORMAT = "D MMM, HH:mm";

function CommentItem({ comment, mine, onSave }: { comment: Comment; mine: boolean; onSave: (body: string) => Promise<unknown> }): ReactNode {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const author = comment.isOperator
    ? (comment.user?.name ?? comment.companyName ?? t("reportDetail.comments.operator"))
    : comment.user?.name ?? (comment.companyName || t("reportDetail.comments.anonymous"));
  return (
    <article
      className={`rd-comment ${comment.isOperator ? "rd-comment--operator" : ""} ${comment.hidden ? "rd-comment--hidden" : ""}`}
      data-testid="comment"
      data-comment-id={comment.id}
      data-hidden={comment.hidden}
    >
      <PersonAvatar name={author} size={30} />
      <div className="rd-comment__main">
        <header className="rd-comment__head">
          <strong className="rd-comment__author">{author}</strong>
          {comment.isOperator && (
            <Tag color="magenta" icon={<SafetyCertificateOutlined />} className="rd-mini-tag" data-testid="operator-marker">
              {t("reportDetail.comments.operator")}
            </Tag>
          )}
          {!comment.isOperator && comment.companyName && (
            <Tag className="rd-mini-tag" icon={<SafetyCertificateOutlined />}>
              {comment.companyName}
            </Tag>
          )}
          {comment.isAuthor && (
            <Tag color="blue" icon={<UserOutlined />} className="rd-mini-tag">
              {t("reportDetail.comments.author")}
            </Tag>
          )}
          {comment.hidden && (
            <Tag icon={<EyeInvisibleOutlined />} className="rd-mini-tag" data-testid="hidden-marker">
              {t("reportDetail.comments.hidden")}
            </Tag>
          )}
          <Tooltip title={format(comment.created_at)}>
            <time className="rd-comment__time" dateTime={comment.created_at}>
              {format(comment.created_at, SHORT_FORMAT)}
            </time>
          </Tooltip>
        </header>
        <EditableBody body={comment.body} edited={comment.edited} editedAt={comment.editedAt} mine={mine} onSave={onSave} />
        <MediaList media={comment.media} thumbSize={72} />
      </div>
    </article>
  );
}

interface CommentsPanelProps {
  report: Report;
  companyId: number;
  myUserId: number;
}

/** Public comments: newest first, with author, operator and hidden markers; the composer accepts pdf, txt and audio. */
export function CommentsPanel({ report, companyId, myUserId }: CommentsPanelProps): ReactNode {
  const { t } = useTranslation();
  const message = useToast();
  const queryClient = useQueryClient();
  const key = detailKeys.sub(companyId, report.id, "comments");
  const comments = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchComments(companyId, report.id, signal) });

  const send = useMutation({
    mutationFn: ({ body, file }: { body: string; file: File | null }) => postComment(companyId, report.id, body, file),
    onSuccess: ({ comment, created }) => {
      void mergeLiveQueryData<Comment[]>(queryClient, key, (list) => addComment(list, comment));
      if (comment.media.length > 0) void queryClient.invalidateQueries({ queryKey: detailKeys.sub(companyId, report.id, "gallery") });
      void queryClient.invalidateQueries({ queryKey: detailKeys.sub(companyId, report.id, "activity") });
      if (created) void message.success(t("reportDetail.success.commentSent"));
      else void message.info(t("reportDetail.success.duplicateComment"));
    },
  });

  const list = [...(comments.data ?? [])].reverse();
  const deleted = report.displayStatus === "in_deleting_progress" || report.deletedAt !== null;

  return (
    <div className="rd-panel" data-testid="comments-panel">
      {report.can.comment && !deleted ? (
        <Composer
          placeholder={t("reportDetail.comments.placeholder")}
          submitLabel={t("reportDetail.comments.send")}
          hint={
            <>
              <GlobalOutlined /> {t("reportDetail.comments.public")} · {t("reportDetail.comments.attachHint")}
            </>
          }
          accept={COMMENT_ACCEPT}
          validateFile={(file) => {
            const problem = commentAttachmentProblem(file);
            if (problem === "invalidType") return t("reportDetail.comments.invalidType");
            if (problem === "tooLarge") return t("reportDetail.comments.tooLarge", { max: DEFAULT_MAX_UPLOAD_MB });
            return null;
          }}
          validateBody={(body) =>
            (comments.data ?? []).some((comment) => comment.user?.id === myUserId && comment.body.trim() === body)
              ? t("reportDetail.comments.duplicate")
              : null
          }
          onSubmit={(body, file) =>
            send.mutateAsync({ body, file }).then(
              () => true,
              (error: unknown) => {
                void message.error(actionErrorMessage(error, "comment", t));
                return false;
              },
            )
          }
          sending={send.isPending}
          testIds={{ input: "comment-input", send: "comment-send", attach: "comment-attach" }}
          tools={(edit) => (
            <AnswerPicker
              companyId={companyId}
              reportType={report.type}
              disabled={send.isPending}
              onPick={(text) => edit((body) => insertAnswerText(body, text))}
            />
          )}
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title={deleted ? t("reportDetail.comments.disabledDeleted") : t("reportDetail.comments.disabled")}
          data-testid="comments-disabled"
        />
      )}

      {comments.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      ) : comments.isError ? (
        <Alert type="error" showIcon title={actionErrorMessage(comments.error, "load", t)} />
      ) : list.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <div>{t("reportDetail.comments.empty")}</div>
              <div className="rd-muted">{t("reportDetail.comments.emptyHint")}</div>
            </>
          }
        />
      ) : (
        <div className="rd-feed" data-testid="comments-list">
          <Listy<Comment> items={list} rowKey="id" virtual={false} itemRender={(comment) => (
              <CommentItem
                comment={comment}
                mine={comment.isOperator && comment.user?.id === myUserId}
                onSave={(body) =>
                  editComment(companyId, report.id, comment.id, body).then((edited) =>
                    queryClient.setQueryData<Comment[]>(detailKeys.sub(companyId, report.id, "comments"), (items) => addComment(items, edited)),
                  )
                }
              />
            )}
          />
        </div>
      )}
    </div>
  );
}
