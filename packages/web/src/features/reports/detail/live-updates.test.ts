import { describe, expect, it } from "vitest";
import type { Comment, RealtimeMessage } from "@atalaya/shared";
import { addComment, applyMediaStatus, detailEventOf, mergeLiveReport, otherViewers } from "./live-updates";
import { buildComment } from "../test-report";
import { buildReport } from "./report-fixture";

/** A comment on report 41 by the user (null: an anonymous community user). */
function comment(id: number, body: string, userId: number | null): Comment {
  return buildComment({ id, uuid: `c-${id}`, report_id: 41, report_uuid: "u", body, user: userId === null ? null : { id: userId, name: `User ${userId}` }, created_at: "2026-03-01T12:00:00.000Z" });
}

const message = (type: RealtimeMessage["type"], data: Record<string, unknown>, seq = 5): RealtimeMessage => ({ type, seq, companyId: 1, data });

describe("live updates of the detail", () => {
  it("picks the events of this report only", () => {
    const report = buildReport({ id: 41 });
    expect(detailEventOf(message("updateReport", { report }), 41)).toEqual({ kind: "report", report });
    expect(detailEventOf(message("updateReport", { report: buildReport({ id: 42 }) }), 41)).toBeNull();
    expect(detailEventOf(message("newComment", { reportId: 41, comment: comment(1, "Hola", 2) }), 41)?.kind).toBe("comment");
    expect(detailEventOf(message("like", { reportId: 41, likes: 3, dislikes: 1 }), 41)).toEqual({ kind: "likes", likes: 3, dislikes: 1 });
    expect(detailEventOf(message("presence", { reportId: 41, viewers: [{ id: 2, name: "Ana" }] }, 0), 41)).toEqual({
      kind: "presence",
      viewers: [{ id: 2, name: "Ana" }],
    });
    expect(detailEventOf(message("removeReports", { ids: [40, 41] }), 41)).toEqual({ kind: "removed" });
    expect(detailEventOf(message("newNote", { reportId: 41, note: { broken: true } }), 41)).toBeNull();
  });

  it("applies a colleague's take at once, ignoring older versions and never widening abilities", () => {
    const mine = buildReport({ status: "pending", version: 3, can: { ...buildReport().can, take: true, work: false, makePrivate: false } });
    const taken = buildReport({ status: "in_progress", version: 4, assignedUser: { id: 9, uuid: "x", name: "Pedro", email: null, cover: null } });
    const merged = mergeLiveReport(mine, taken);
    expect(merged?.status).toBe("in_progress");
    expect(merged?.assignedUser?.name).toBe("Pedro");
    expect(merged?.can.take).toBe(false);
    expect(merged?.can.makePrivate).toBe(false);
    expect(mergeLiveReport(taken, mine)).toBe(taken);
  });

  it("adds comments once, by id or by same author and text", () => {
    const list = [comment(1, "Hola", 2)];
    expect(addComment(list, comment(1, "Hola", 2))).toHaveLength(1);
    expect(addComment(list, comment(5, " Hola ", 2))).toHaveLength(1);
    expect(addComment(list, comment(5, "Hola", 3))?.map((c) => c.id)).toEqual([1, 5]);
    expect(addComment([comment(1, "Gracias", null)], comment(2, "Gracias", null))).toHaveLength(2);
    expect(addComment(undefined, comment(1, "x", 1))).toBeUndefined();
  });

  it("updates media status by name and lists the other viewers once", () => {
    const report = buildReport({ filesMedia: [{ name: "a.jpg", url: "/a", mime: "image/jpeg", size: 1, status: "processing" }] });
    const next = applyMediaStatus(report, [
      { name: "a.jpg", url: "/a", mime: "image/jpeg", size: 1, status: "ready" },
      { name: "b.mp4", url: "/b", mime: "video/mp4", size: 2, status: "processing" },
    ]);
    expect(next?.filesMedia.map((m) => `${m.name}:${m.status}`)).toEqual(["a.jpg:ready", "b.mp4:processing"]);
    expect(otherViewers([{ id: 1, name: "Yo" }, { id: 2, name: "Ana" }, { id: 2, name: "Ana" }], 1)).toEqual([{ id: 2, name: "Ana" }]);
  });
});
