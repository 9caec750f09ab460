import {
  answersRouteTable as answers,
  closingRouteTable as closing,
  exportsRouteTable as exports,
  interactionsRouteTable as interactions,
  presenceRouteTable as presence,
  reportsRouteTable as reports,
  type Activity,
  type AutomaticAnswer,
  type Comment,
  type GalleryItem,
  type Media,
  type Note,
  type PresenceViewer,
  type Report,
  type UpdateReport,
} from "@atalaya/shared";
import { ApiError } from "../../../lib/api";
import { call, urlOf, type AnswerOf, type CallArgs } from "../../../lib/call";
import { currentLanguage, translateErrorCode } from "../../../lib/i18n";
import { getSession } from "../../session";
import { saveBlob } from "../../export";

// Every call of the report detail screen, by their route-table entries (@atalaya/shared routes/).

/** TanStack Query keys of the detail; all under ["reports"] so a company switch forgets them. */
export const detailKeys = {
  all: (companyId: number) => ["reports", "detail", companyId] as const,
  report: (companyId: number, uuid: string) => ["reports", "detail", companyId, "by-uuid", uuid] as const,
  sub: (companyId: number, reportId: number, part: string) => ["reports", "detail", companyId, reportId, part] as const,
  answers: (companyId: number, type: number) => ["reports", "detail", companyId, "answers", "closure", type] as const,
};

/** `GET …/reports/by-uuid/{uuid}`: the full report with this operator's abilities. */
export async function fetchReportByUuid(companyId: number, uuid: string, signal?: AbortSignal): Promise<Report> {
  return (await call(reports.getCompaniesByCompanyIdReportsByUuidByUuid, { params: { companyId, uuid }, signal })).report;
}

/** `PUT …/reports/{id}`: priority, observations, status, type, tags; `version` guards lost updates (409 conflict). */
export async function updateReport(companyId: number, reportId: number, body: UpdateReport): Promise<Report> {
  return (await call(reports.putCompaniesByCompanyIdReportsById, { params: { companyId, id: reportId }, body })).report;
}

/** Body of `POST …/close`, as its entry types it. */
export type CloseReportBody = CallArgs<typeof closing.postCompaniesByCompanyIdReportsByIdClose>["body"];

/** `POST …/close`: solved, not applicable (false) or repeated of another report. */
export async function closeReport(companyId: number, reportId: number, body: CloseReportBody): Promise<Report> {
  return (await call(closing.postCompaniesByCompanyIdReportsByIdClose, { params: { companyId, id: reportId }, body })).report;
}

/** Body of `POST …/assign`: one target at a time (narrower than the entry's, which takes any); null unassigns it. */
export type AssignBody = { userId: number | null } | { teamId: number | null } | { patrolId: number | null };

/** `POST …/assign`. */
export async function assignReport(companyId: number, reportId: number, body: AssignBody): Promise<Report> {
  return (await call(reports.postCompaniesByCompanyIdReportsByIdAssign, { params: { companyId, id: reportId }, body })).report;
}

/** `POST …/private` (cannot be undone). */
export async function makeReportPrivate(companyId: number, reportId: number): Promise<Report> {
  return (await call(reports.postCompaniesByCompanyIdReportsByIdPrivate, { params: { companyId, id: reportId } })).report;
}

/** `DELETE …/reports/{id}` (company admins): the report leaves the organisation's panel; history keeps it. */
export async function deleteReport(companyId: number, reportId: number): Promise<Report> {
  return (await call(reports.deleteCompaniesByCompanyIdReportsById, { params: { companyId, id: reportId } })).report;
}

/** `POST …/notify-neighbours` → the report and how many neighbours were told. */
export async function notifyNeighbours(companyId: number, reportId: number): Promise<{ report: Report; neighbours: number }> {
  const { report, neighbours } = await call(reports.postCompaniesByCompanyIdReportsByIdNotifyNeighbours, { params: { companyId, id: reportId } });
  return { report, neighbours };
}

/** `DELETE …/notify-neighbours`. */
export async function cancelNeighboursNotification(companyId: number, reportId: number): Promise<Report> {
  return (await call(reports.deleteCompaniesByCompanyIdReportsByIdNotifyNeighbours, { params: { companyId, id: reportId } })).report;
}

/** `POST …/address {address}`: geocoded on the server; SPEC §8 codes on failure. */
export async function changeAddress(companyId: number, reportId: number, address: string): Promise<Report> {
  return (await call(reports.postCompaniesByCompanyIdReportsByIdAddress, { params: { companyId, id: reportId }, body: { address } })).report;
}

/** `GET /api/reports/share/{id}` → the public link. */
export async function fetchShareUrl(reportId: number): Promise<string> {
  return (await call(reports.getReportsShareById, { params: { id: reportId } })).share_url;
}

/** `GET …/activity`: the action log, oldest first. */
export async function fetchActivity(companyId: number, reportId: number, signal?: AbortSignal): Promise<Activity[]> {
  return (await call(reports.getCompaniesByCompanyIdReportsByIdActivity, { params: { companyId, id: reportId }, signal })).activity;
}

/** `GET …/comments`: every comment, hidden ones flagged. */
export async function fetchComments(companyId: number, reportId: number, signal?: AbortSignal): Promise<Comment[]> {
  return (await call(interactions.getCompaniesByCompanyIdReportsByIdComments, { params: { companyId, id: reportId }, signal })).comments;
}

/** A comment's or note's body: JSON, or multipart when a file goes with it. */
function bodyWithFile(body: string, file: File | null): { form: FormData } | { body: { body: string } } {
  if (!file) return { body: { body } };
  const form = new FormData();
  form.append("body", body);
  form.append("file", file, file.name);
  return { form };
}

/** `POST …/comments` (JSON, or multipart with `file`); `created` false when it was a duplicate. */
export async function postComment(
  companyId: number,
  reportId: number,
  body: string,
  file: File | null,
): Promise<{ comment: Comment; created: boolean }> {
  const { comment, created } = await call(interactions.postCompaniesByCompanyIdReportsByIdComments, { params: { companyId, id: reportId }, ...bodyWithFile(body, file) });
  return { comment, created };
}

/** `PUT …/comments/{id}`: the author's edit of their comment. */
export async function editComment(companyId: number, reportId: number, commentId: number, body: string): Promise<Comment> {
  return (await call(interactions.putCompaniesByCompanyIdReportsByIdCommentsByItemId, { params: { companyId, id: reportId, itemId: commentId }, body: { body } })).comment;
}

/** `POST …/images` (multipart `file`): one JPEG or PNG added to the report; answers its media. */
export async function uploadReportImage(companyId: number, reportId: number, file: File): Promise<Media[]> {
  const form = new FormData();
  form.append("file", file, file.name);
  return (await call(interactions.postCompaniesByCompanyIdReportsByIdImages, { params: { companyId, id: reportId }, form })).media;
}

/** `GET …/notes`: this organisation's private notes. */
export async function fetchNotes(companyId: number, reportId: number, signal?: AbortSignal): Promise<Note[]> {
  return (await call(interactions.getCompaniesByCompanyIdReportsByIdNotes, { params: { companyId, id: reportId }, signal })).notes;
}

/** `POST …/notes` (JSON, or multipart with `file`); `created` false when it was a duplicate. */
export async function postNote(
  companyId: number,
  reportId: number,
  body: string,
  file: File | null,
): Promise<{ note: Note; created: boolean }> {
  const { note, created } = await call(interactions.postCompaniesByCompanyIdReportsByIdNotes, { params: { companyId, id: reportId }, ...bodyWithFile(body, file) });
  return { note, created };
}

/** `PUT …/notes/{id}`: the author's edit of their note. */
export async function editNote(companyId: number, reportId: number, noteId: number, body: string): Promise<Note> {
  return (await call(interactions.putCompaniesByCompanyIdReportsByIdNotesByItemId, { params: { companyId, id: reportId, itemId: noteId }, body: { body } })).note;
}

/** `GET …/gallery`: files attached to comments, newest first. */
export async function fetchGallery(companyId: number, reportId: number, signal?: AbortSignal): Promise<GalleryItem[]> {
  return (await call(interactions.getCompaniesByCompanyIdReportsByIdGallery, { params: { companyId, id: reportId }, signal })).media;
}

/** Followers of the report in this organisation. */
export type Followers = AnswerOf<typeof interactions.getCompaniesByCompanyIdReportsByIdFollowers>;

/** `GET …/followers`. */
export function fetchFollowers(companyId: number, reportId: number, signal?: AbortSignal): Promise<Followers> {
  return call(interactions.getCompaniesByCompanyIdReportsByIdFollowers, { params: { companyId, id: reportId }, signal });
}

/** `POST …/follow` to follow, `DELETE …/follow` to stop. */
export function setFollowing(companyId: number, reportId: number, follow: boolean): Promise<Followers> {
  const route = follow ? interactions.postCompaniesByCompanyIdReportsByIdFollow : interactions.deleteCompaniesByCompanyIdReportsByIdFollow;
  return call(route, { params: { companyId, id: reportId } });
}

/** The counters and the caller's vote after a like or dislike. */
export type LikeResult = AnswerOf<typeof interactions.postCompaniesByCompanyIdReportsByIdLike>;

/** `POST …/like {value: 1 | -1}`: sending the same value again withdraws the vote. */
export function sendLike(companyId: number, reportId: number, value: 1 | -1): Promise<LikeResult> {
  return call(interactions.postCompaniesByCompanyIdReportsByIdLike, { params: { companyId, id: reportId }, body: { value } });
}

/** `GET …/presence`: colleagues with the detail open now. */
export async function fetchPresence(companyId: number, reportId: number, signal?: AbortSignal): Promise<PresenceViewer[]> {
  return (await call(presence.getCompaniesByCompanyIdReportsByIdPresence, { params: { companyId, id: reportId }, signal })).viewers;
}

/** `POST …/presence {open}`; `keepalive` lets the "closed" message leave with the page. */
export async function sendPresence(companyId: number, reportId: number, open: boolean): Promise<PresenceViewer[]> {
  return (await call(presence.postCompaniesByCompanyIdReportsByIdPresence, { params: { companyId, id: reportId }, body: { open }, keepalive: !open })).viewers;
}

/** `GET /api/companies/{companyId}/automatic-answers?usage=closure&type=`: replies usable when closing. */
export async function fetchClosureAnswers(companyId: number, type: number, signal?: AbortSignal): Promise<AutomaticAnswer[]> {
  return (await call(answers.getCompaniesByCompanyIdAutomaticAnswers, { params: { companyId }, query: { usage: "closure", type }, signal })).answers;
}

/** File name from a `Content-Disposition` header, or the fallback. */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch {
      // A malformed encoded name falls through to the plain one.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/**
 * `GET …/pdf`: downloads the report's PDF. A plain link cannot carry the `access-token` header, so the
 * file is fetched and handed to the browser through a temporary blob URL.
 */
export async function downloadReportPdf(companyId: number, reportId: number): Promise<string> {
  const token = getSession()?.token;
  const headers: Record<string, string> = { "Accept-Language": currentLanguage(), Accept: "application/pdf" };
  if (token) headers["access-token"] = token;
  let response: Response;
  try {
    response = await fetch(urlOf(exports.getCompaniesByCompanyIdReportsByIdPdf, { params: { companyId, id: reportId } }), { headers, credentials: "same-origin" });
  } catch {
    throw new ApiError({ message: translateErrorCode("generalError") ?? "Error 0", status: 0 });
  }
  if (!response.ok) {
    let code: string | null = null;
    try {
      const body = (await response.json()) as { error?: { code?: unknown } };
      code = typeof body.error?.code === "string" ? body.error.code : null;
    } catch {
      // Not JSON: the status alone describes the failure.
    }
    const translated = code ? translateErrorCode(code) : null;
    throw new ApiError({ message: translated ?? `Error ${response.status}`, status: response.status, code, translated: translated !== null });
  }
  const blob = await response.blob();
  const filename = filenameFromDisposition(response.headers.get("Content-Disposition"), `reporte-${reportId}.pdf`);
  saveBlob(blob, filename);
  return filename;
}
