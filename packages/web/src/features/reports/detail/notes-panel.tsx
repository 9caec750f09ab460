import type { ReactNode } from "react";
import { Alert, Empty, Listy, Skeleton, Tooltip } from "antd";
import { mergeLiveQueryData } from "../../../lib/live-query";
import { useToast } from "../../../lib/use-toast";
import { LockOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { DEFAULT_MAX_UPLOAD_MB, MEDIA_KINDS, type Note, type Report } from "@atalaya/shared";
import { useDateFormatter } from "../../../lib/dates";
import { actionErrorMessage } from "./action-errors";
import { kindOfName, mediaDisplay } from "./attachments";
import { Composer } from "./composer";
import { detailKeys, editNote, fetchNotes, postNote } from "./detail-api";
import { PersonAvatar } from "./detail-ui";
import { addNote } from "./live-updates";
import { FileChip, MediaList } from "./media-view";
import { EditableBody } from "./editable-body";

const NOTE_ACCEPT = [...MEDIA_KINDS.map((kind) => `.${kind}`), ".jpg"].join(",");

function NoteItem({ note, mine, onSave }: { note: Note; mine: boolean; onSave: (body: string) => Promise<unknown> }): ReactNode {
  const format = useDateFormatter();
  return (
    <article className="rd-comment rd-comment--note" data-testid="note" data-note-id={note.id}>
      <PersonAvatar name={note.user.name} size={30} />
      <div className="rd-comment__main">
        <header className="rd-comment__head">
          <strong className="rd-comment__author">{note.user.name}</strong>
          <Tooltip title={format(note.created_at)}>
            <time className="rd-comment__time" dateTime={note.created_at}>
              {format(note.created_at, "D MMM, HH:mm")}
            </time>
          </Tooltip>
        </header>
        <EditableBody body={note.body} edited={note.edited} editedAt={note.editedAt} mine={mine} onSave={onSave} />
        {note.file && (mediaDisplay(note.file) === "image" ? <MediaList media={[note.file]} thumbSize={72} /> : <FileChip media={note.file} />)}
      </div>
    </article>
  );
}

/** Private notes of the organisation, each with an optional attached file. */
export function NotesPanel({ report, companyId, myUserId }: { report: Report; companyId: number; myUserId: number }): ReactNode {
  const { t } = useTranslation();
  const message = useToast();
  const queryClient = useQueryClient();
  const key = detailKeys.sub(companyId, report.id, "notes");
  const notes = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchNotes(companyId, report.id, signal) });

  const save = useMutation({
    mutationFn: ({ body, file }: { body: string; file: File | null }) => postNote(companyId, report.id, body, file),
    onSuccess: ({ note, created }) => {
      void mergeLiveQueryData<Note[]>(queryClient, key, (list) => addNote(list, note));
      void queryClient.invalidateQueries({ queryKey: detailKeys.sub(companyId, report.id, "activity") });
      if (created) void message.success(t("reportDetail.success.noteSaved"));
      else void message.info(t("reportDetail.success.duplicateNote"));
    },
  });

  const list = [...(notes.data ?? [])].reverse();

  return (
    <div className="rd-panel" data-testid="notes-panel">
      {report.can.note ? (
        <Composer
          placeholder={t("reportDetail.notes.placeholder")}
          submitLabel={t("reportDetail.notes.save")}
          hint={
            <>
              <LockOutlined /> {t("reportDetail.notes.private")}
            </>
          }
          accept={NOTE_ACCEPT}
          validateFile={(file) => {
            const kind = kindOfName(file.name);
            if (!kind || !(MEDIA_KINDS as readonly string[]).includes(kind)) return t("errors.invalidFileType");
            if (file.size > DEFAULT_MAX_UPLOAD_MB * 1024 * 1024) return t("reportDetail.comments.tooLarge", { max: DEFAULT_MAX_UPLOAD_MB });
            return null;
          }}
          validateBody={(body) =>
            (notes.data ?? []).some((note) => note.user.id === myUserId && note.body.trim() === body) ? t("reportDetail.notes.duplicate") : null
          }
          onSubmit={(body, file) =>
            save.mutateAsync({ body, file }).then(
              () => true,
              (error: unknown) => {
                void message.error(actionErrorMessage(error, "note", t));
                return false;
              },
            )
          }
          sending={save.isPending}
          testIds={{ input: "note-input", send: "note-send", attach: "note-attach" }}
        />
      ) : (
        <Alert type="info" showIcon title={t("reportDetail.notes.disabled")} />
      )}

      {notes.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      ) : notes.isError ? (
        <Alert type="error" showIcon title={actionErrorMessage(notes.error, "load", t)} />
      ) : list.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <div>{t("reportDetail.notes.empty")}</div>
              <div className="rd-muted">{t("reportDetail.notes.emptyHint")}</div>
            </>
          }
        />
      ) : (
        <div className="rd-feed" data-testid="notes-list">
          <Listy<Note> items={list} rowKey="id" virtual={false} itemRender={(note) => (
              <NoteItem
                note={note}
                mine={note.user.id === myUserId}
                onSave={(body) => editNote(companyId, report.id, note.id, body).then((edited) => queryClient.setQueryData<Note[]>(key, (items) => addNote(items, edited)))}
              />
            )}
          />
        </div>
      )}
    </div>
  );
}
