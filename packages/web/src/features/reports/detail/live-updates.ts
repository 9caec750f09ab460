import {
  commentEventSchema,
  likeEventSchema,
  mediaStatusEventSchema,
  noteEventSchema,
  presenceMessageDataSchema,
  reportSchema,
  type Comment,
  type Media,
  type Note,
  type PresenceViewer,
  type RealtimeMessage,
  type Report,
  type ReportAbilities,
} from "@atalaya/shared";

/** What a real-time message means for one open report detail. */
export type DetailEvent =
  | { kind: "report"; report: Report }
  | { kind: "removed" }
  | { kind: "comment"; comment: Comment }
  | { kind: "note"; note: Note }
  | { kind: "likes"; likes: number; dislikes: number }
  | { kind: "media"; media: Media[] }
  | { kind: "presence"; viewers: PresenceViewer[] };

function removedIds(data: Record<string, unknown>): number[] {
  const ids = Array.isArray(data.ids) ? data.ids : Array.isArray(data.reportIds) ? data.reportIds : [];
  const single = [data.id, data.reportId, (data.report as { id?: unknown } | undefined)?.id];
  return [...ids, ...single].filter((id): id is number => typeof id === "number");
}

/** Reads a real-time message for the report `reportId`; null when it is about another report or malformed. */
export function detailEventOf(message: RealtimeMessage, reportId: number): DetailEvent | null {
  const { data } = message;
  switch (message.type) {
    case "updateReport":
    case "updateTtlReport":
    case "newReport": {
      const parsed = reportSchema.safeParse(data.report);
      return parsed.success && parsed.data.id === reportId ? { kind: "report", report: parsed.data } : null;
    }
    case "removeReport":
    case "removeReports":
      return removedIds(data).includes(reportId) ? { kind: "removed" } : null;
    case "newComment":
    case "incomingComment": {
      const parsed = commentEventSchema.safeParse(data);
      return parsed.success && parsed.data.reportId === reportId ? { kind: "comment", comment: parsed.data.comment } : null;
    }
    case "newNote": {
      const parsed = noteEventSchema.safeParse(data);
      return parsed.success && parsed.data.reportId === reportId ? { kind: "note", note: parsed.data.note } : null;
    }
    case "like":
    case "dislike": {
      const parsed = likeEventSchema.safeParse(data);
      return parsed.success && parsed.data.reportId === reportId
        ? { kind: "likes", likes: parsed.data.likes, dislikes: parsed.data.dislikes }
        : null;
    }
    case "mediaStatus": {
      const parsed = mediaStatusEventSchema.safeParse(data);
      return parsed.success && parsed.data.reportId === reportId ? { kind: "media", media: parsed.data.media } : null;
    }
    case "presence": {
      const parsed = presenceMessageDataSchema.safeParse(data);
      return parsed.success && parsed.data.reportId === reportId ? { kind: "presence", viewers: parsed.data.viewers } : null;
    }
    default:
      return null;
  }
}

function intersectAbilities(a: ReportAbilities, b: ReportAbilities): ReportAbilities {
  const result = { ...a };
  for (const key of Object.keys(result) as (keyof ReportAbilities)[]) result[key] = a[key] && b[key];
  return result;
}

/**
 * The cached report after a live report event: an older version is ignored. The event's abilities are
 * those of a generic operator, so only abilities both allow are kept until the exact ones are refetched.
 */
export function mergeLiveReport(current: Report | undefined, incoming: Report): Report | undefined {
  if (!current || current.id !== incoming.id) return current;
  if (incoming.version < current.version) return current;
  // isFavorite and seen are the operator's own, absent from events (issue 17): kept from what is held.
  return {
    ...incoming,
    can: intersectAbilities(current.can, incoming.can),
    isFavorite: incoming.isFavorite ?? current.isFavorite,
    seen: incoming.seen ?? current.seen,
  };
}

type Authored = { body: string; user: { id: number } | null };

// Without a known author (anonymous community comments) two equal texts may come from two people.
function sameAuthorAndBody(a: Authored, b: Authored): boolean {
  return a.user !== null && b.user !== null && a.user.id === b.user.id && a.body.trim() === b.body.trim();
}

/** Adds a comment once (same id, or same author and text: SPEC §4 duplicates), keeping id order. */
export function addComment(list: readonly Comment[] | undefined, comment: Comment): Comment[] | undefined {
  if (!list) return list;
  const index = list.findIndex((item) => item.id === comment.id);
  if (index >= 0) return list.map((item, i) => (i === index ? comment : item));
  if (list.some((item) => sameAuthorAndBody(item, comment))) return [...list];
  return [...list, comment].sort((a, b) => a.id - b.id);
}

/** Adds a note once (same id, or same author and text), keeping id order; the same id again (an edit)
 * replaces it. */
export function addNote(list: readonly Note[] | undefined, note: Note): Note[] | undefined {
  if (!list) return list;
  const index = list.findIndex((item) => item.id === note.id);
  if (index >= 0) return list.map((item, i) => (i === index ? note : item));
  if (list.some((item) => sameAuthorAndBody(item, note))) return [...list];
  return [...list, note].sort((a, b) => a.id - b.id);
}

/** New like and dislike counters. */
export function applyLikes(report: Report | undefined, likes: number, dislikes: number): Report | undefined {
  return report ? { ...report, likes, dislikes } : report;
}

/** Updates the status of the report's files by name; files not known yet are added. */
export function applyMediaStatus(report: Report | undefined, media: readonly Media[]): Report | undefined {
  if (!report) return report;
  const byName = new Map(media.map((item) => [item.name, item]));
  const updated = report.filesMedia.map((item) => byName.get(item.name) ?? item);
  const known = new Set(report.filesMedia.map((item) => item.name));
  return { ...report, filesMedia: [...updated, ...media.filter((item) => !known.has(item.name))] };
}

/** The other people looking at the report (the operator themself left out, each name once). */
export function otherViewers(viewers: readonly PresenceViewer[], myUserId: number): PresenceViewer[] {
  const seen = new Set<number>();
  return viewers.filter((viewer) => {
    if (viewer.id === myUserId || seen.has(viewer.id)) return false;
    seen.add(viewer.id);
    return true;
  });
}

/** True for a status that is still being worked (the form's status switch applies). */
export function isOpenStatus(status: string): boolean {
  return status === "in_progress" || status === "in_observation";
}

/** True for the statuses of a closed report. */
export function isClosedStatus(status: string): boolean {
  return status === "solved" || status === "false";
}
