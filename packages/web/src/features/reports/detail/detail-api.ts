import {
  activitySchema,
  automaticAnswerListResponseSchema,
  commentListResponseSchema,
  commentResponseSchema,
  followersResponseSchema,
  galleryResponseSchema,
  likeResponseSchema,
  noteListResponseSchema,
  noteResponseSchema,
  notifyNeighboursResponseSchema,
  presenceResponseSchema,
  reportImagesResponseSchema,
  reportResponseSchema,
  shareResponseSchema,
  type AutomaticAnswer,
  type Comment,
  type GalleryItem,
  type Media,
  type Note,
  type PresenceViewer,
  type Report,
  type UpdateReport,
  monitoringResponseSchema,
  tagsResponseSchema,
  teamsResponseSchema,
  type Operator,
} from "@atalaya/shared";
import { z } from "zod";
import { ApiError, api } from "../../../lib/api";
import { currentLanguage, translateErrorCode } from "../../../i18n/i18n";
import { getSession } from "../../session/session-store";
import { saveBlob } from "../../export/download-file";

// Every call of the report detail screen. Paths follow packages/server/src/reports/*.routes.ts.

const reportBase = (companyId: number, reportId: number) => `/companies/${companyId}/reports/${reportId}`;
const reportBody = reportResponseSchema.transform((body) => body.report);

/** TanStack Query keys of the detail; all under ["reports"] so a company switch forgets them. */
export const detailKeys = {
  all: (companyId: number) => ["reports", "detail", companyId] as const,
  report: (companyId: number, uuid: string) => ["reports", "detail", companyId, "by-uuid", uuid] as const,
  sub: (companyId: number, reportId: number, part: string) => ["reports", "detail", companyId, reportId, part] as const,
  operators: (companyId: number) => ["reports", "detail", companyId, "operators"] as const,
  teams: (companyId: number) => ["reports", "detail", companyId, "teams"] as const,
  teamsEver: (companyId: number) => ["reports", "detail", companyId, "teams", "ever"] as const,
  tags: (companyId: number) => ["reports", "detail", companyId, "tags"] as const,
  answers: (companyId: number, type: number) => ["reports", "detail", companyId, "answers", "closure", type] as const,
};

/** `GET …/reports/by-uuid/{uuid}`: the full report with this operator's abilities. */
export function fetchReportByUuid(companyId: number, uuid: string, signal?: AbortSignal): Promise<Report> {
  return api.get(`/companies/${companyId}/reports/by-uuid/${encodeURIComponent(uuid)}`, { schema: reportBody, signal });
}

/** `GET …/reports/{id}`: one report by id (the report a repeated one points to). */
export function fetchReportById(companyId: number, reportId: number, signal?: AbortSignal): Promise<Report> {
  return api.get(reportBase(companyId, reportId), { schema: reportBody, signal });
}

/** `PUT …/reports/{id}`: priority, observations, status, type, tags; `version` guards lost updates (409 conflict). */
export function updateReport(companyId: number, reportId: number, body: UpdateReport): Promise<Report> {
  return api.put(reportBase(companyId, reportId), body, { schema: reportBody });
}

/** `POST …/take`: a 409 alreadyTaken names who took it first. */
export function takeReport(companyId: number, reportId: number): Promise<Report> {
  return api.post(`${reportBase(companyId, reportId)}/take`, undefined, { schema: reportBody });
}

/** Body of `POST …/close`. */
export interface CloseReportBody {
  kind: "solved" | "false" | "repeated";
  repeatedOf?: number;
  automaticAnswerId?: number;
  comment?: string;
}

/** `POST …/close`: solved, not applicable (false) or repeated of another report. */
export function closeReport(companyId: number, reportId: number, body: CloseReportBody): Promise<Report> {
  return api.post(`${reportBase(companyId, reportId)}/close`, body, { schema: reportBody });
}

/** Body of `POST …/assign`: one target at a time; null unassigns it. */
export type AssignBody = { userId: number | null } | { teamId: number | null } | { patrolId: number | null };

/** `POST …/assign`. */
export function assignReport(companyId: number, reportId: number, body: AssignBody): Promise<Report> {
  return api.post(`${reportBase(companyId, reportId)}/assign`, body, { schema: reportBody });
}

/** `POST …/private` (cannot be undone). */
export function makeReportPrivate(companyId: number, reportId: number): Promise<Report> {
  return api.post(`${reportBase(companyId, reportId)}/private`, undefined, { schema: reportBody });
}

/** `DELETE …/reports/{id}` (company admins): the report leaves the organisation's panel; history keeps it. */
export function deleteReport(companyId: number, reportId: number): Promise<Report> {
  return api.delete(reportBase(companyId, reportId), { schema: reportBody });
}

/** `POST …/notify-neighbours` → the report and how many neighbours were told. */
export function notifyNeighbours(companyId: number, reportId: number): Promise<{ report: Report; neighbours: number }> {
  return api.post(`${reportBase(companyId, reportId)}/notify-neighbours`, undefined, {
    schema: notifyNeighboursResponseSchema.transform(({ report, neighbours }) => ({ report, neighbours })),
  });
}

/** `DELETE …/notify-neighbours`. */
export function cancelNeighboursNotification(companyId: number, reportId: number): Promise<Report> {
  return api.delete(`${reportBase(companyId, reportId)}/notify-neighbours`, { schema: reportBody });
}

/** `POST …/address {address}`: geocoded on the server; SPEC §8 codes on failure. */
export function changeAddress(companyId: number, reportId: number, address: string): Promise<Report> {
  return api.post(`${reportBase(companyId, reportId)}/address`, { address }, { schema: reportBody });
}

/** `GET /api/reports/share/{id}` → the public link. */
export function fetchShareUrl(reportId: number): Promise<string> {
  return api.get(`/reports/share/${reportId}`, { schema: shareResponseSchema.transform((body) => body.share_url) });
}

/** `GET …/activity`: the action log, oldest first. */
export function fetchActivity(companyId: number, reportId: number, signal?: AbortSignal) {
  return api.get(`${reportBase(companyId, reportId)}/activity`, {
    schema: z.object({ success: z.literal(true), activity: z.array(activitySchema) }).transform((body) => body.activity),
    signal,
  });
}

/** `GET …/comments`: every comment, hidden ones flagged. */
export function fetchComments(companyId: number, reportId: number, signal?: AbortSignal): Promise<Comment[]> {
  return api.get(`${reportBase(companyId, reportId)}/comments`, {
    schema: commentListResponseSchema.transform((body) => body.comments),
    signal,
  });
}

function bodyWithFile(body: string, file: File | null): FormData | { body: string } {
  if (!file) return { body };
  const form = new FormData();
  form.append("body", body);
  form.append("file", file, file.name);
  return form;
}

/** `POST …/comments` (JSON, or multipart with `file`); `created` false when it was a duplicate. */
export function postComment(
  companyId: number,
  reportId: number,
  body: string,
  file: File | null,
): Promise<{ comment: Comment; created: boolean }> {
  return api.post(`${reportBase(companyId, reportId)}/comments`, bodyWithFile(body, file), {
    schema: commentResponseSchema.transform(({ comment, created }) => ({ comment, created })),
  });
}

/** `POST …/images` (multipart `file`): one JPEG or PNG added to the report; answers its media. */
export function uploadReportImage(companyId: number, reportId: number, file: File): Promise<Media[]> {
  const form = new FormData();
  form.append("file", file, file.name);
  return api.post(`${reportBase(companyId, reportId)}/images`, form, { schema: reportImagesResponseSchema.transform((body) => body.media) });
}

/** `GET …/notes`: this organisation's private notes. */
export function fetchNotes(companyId: number, reportId: number, signal?: AbortSignal): Promise<Note[]> {
  return api.get(`${reportBase(companyId, reportId)}/notes`, {
    schema: noteListResponseSchema.transform((body) => body.notes),
    signal,
  });
}

/** `POST …/notes` (JSON, or multipart with `file`); `created` false when it was a duplicate. */
export function postNote(
  companyId: number,
  reportId: number,
  body: string,
  file: File | null,
): Promise<{ note: Note; created: boolean }> {
  return api.post(`${reportBase(companyId, reportId)}/notes`, bodyWithFile(body, file), {
    schema: noteResponseSchema.transform(({ note, created }) => ({ note, created })),
  });
}

/** `GET …/gallery`: files attached to comments, newest first. */
export function fetchGallery(companyId: number, reportId: number, signal?: AbortSignal): Promise<GalleryItem[]> {
  return api.get(`${reportBase(companyId, reportId)}/gallery`, {
    schema: galleryResponseSchema.transform((body) => body.media),
    signal,
  });
}

/** Followers of the report in this organisation. */
export type Followers = z.infer<typeof followersResponseSchema>;

/** `GET …/followers`. */
export function fetchFollowers(companyId: number, reportId: number, signal?: AbortSignal): Promise<Followers> {
  return api.get(`${reportBase(companyId, reportId)}/followers`, { schema: followersResponseSchema, signal });
}

/** `POST …/follow` to follow, `DELETE …/follow` to stop. */
export function setFollowing(companyId: number, reportId: number, follow: boolean): Promise<Followers> {
  const path = `${reportBase(companyId, reportId)}/follow`;
  return follow
    ? api.post(path, undefined, { schema: followersResponseSchema })
    : api.delete(path, { schema: followersResponseSchema });
}

/** The counters and the caller's vote after a like or dislike. */
export type LikeResult = z.infer<typeof likeResponseSchema>;

/** `POST …/like {value: 1 | -1}`: sending the same value again withdraws the vote. */
export function sendLike(companyId: number, reportId: number, value: 1 | -1): Promise<LikeResult> {
  return api.post(`${reportBase(companyId, reportId)}/like`, { value }, { schema: likeResponseSchema });
}

/** `GET …/presence`: colleagues with the detail open now. */
export function fetchPresence(companyId: number, reportId: number, signal?: AbortSignal): Promise<PresenceViewer[]> {
  return api.get(`${reportBase(companyId, reportId)}/presence`, {
    schema: presenceResponseSchema.transform((body) => body.viewers),
    signal,
  });
}

/** `POST …/presence {open}`; `keepalive` lets the "closed" message leave with the page. */
export function sendPresence(companyId: number, reportId: number, open: boolean): Promise<PresenceViewer[]> {
  return api.post(`${reportBase(companyId, reportId)}/presence`, { open }, {
    schema: presenceResponseSchema.transform((body) => body.viewers),
    keepalive: !open,
  });
}

/** `GET /api/operator/monitoring?companyId=`: operators with role and patrol status. */
export function fetchOperators(companyId: number, signal?: AbortSignal): Promise<Operator[]> {
  return api.get("/operator/monitoring", {
    query: { companyId },
    schema: monitoringResponseSchema.transform((body) => body.data.operators),
    signal,
  });
}

/** A team or a tag of the organisation, as the pickers show it. */
export type { Operator };
export type Named = { id: number; name: string; color: string };

/** `GET /api/companies/{companyId}/teams`: the live teams, or with `includeDeleted` deleted ones too
 * (the history still names the teams reports were assigned to). */
export function fetchTeams(companyId: number, signal?: AbortSignal, includeDeleted = false): Promise<Named[]> {
  return api.get(`/companies/${companyId}/teams`, { signal, query: includeDeleted ? { includeDeleted: true } : undefined, schema: teamsResponseSchema.transform((body) => body.teams) });
}

/** `GET /api/companies/{companyId}/tags`. */
export function fetchTags(companyId: number, signal?: AbortSignal): Promise<Named[]> {
  return api.get(`/companies/${companyId}/tags`, { signal, schema: tagsResponseSchema.transform((body) => body.tags) });
}

/** `GET /api/companies/{companyId}/automatic-answers?usage=closure&type=`: replies usable when closing. */
export function fetchClosureAnswers(companyId: number, type: number, signal?: AbortSignal): Promise<AutomaticAnswer[]> {
  return api.get(`/companies/${companyId}/automatic-answers`, {
    query: { usage: "closure", type },
    schema: automaticAnswerListResponseSchema.transform((body) => body.answers),
    signal,
  });
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
    response = await fetch(`/api${reportBase(companyId, reportId)}/pdf`, { headers, credentials: "same-origin" });
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
