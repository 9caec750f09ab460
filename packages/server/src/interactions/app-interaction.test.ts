import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppReport, Comment, Media, Report } from "@atalaya/shared";
import { body } from "../test/harness.js";
import { h, interactionWorld, type World } from "../test/interactions.js";
import { DOCX, multipart, PDF, PNG, wav } from "../test/sample-files.js";

let w: World;
beforeAll(async () => {
  w = await interactionWorld();
});
afterAll(() => w.close());

const appUrl = (uuid: string, rest = "") => `/api/app/reports/${uuid}${rest}`;
const portal = (companyId: number, reportId: number, rest = "") => `/api/companies/${companyId}/reports/${reportId}${rest}`;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
type Err = { error: { code: string; message: string; fields?: { field: string; code: string }[] } };

async function portalReport(companyId: number, token: string, reportId: number): Promise<Report> {
  const res = await w.app.inject({ method: "GET", url: portal(companyId, reportId), headers: h(token) });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ report: Report }>(res).report;
}

describe("GET /api/app/reports/:uuid", () => {
  it("400 for a bad uuid, 401 for a bad token, 404 for an unknown report", async () => {
    expect((await w.app.inject({ method: "GET", url: appUrl("nope") })).statusCode).toBe(400);
    expect((await w.app.inject({ method: "GET", url: appUrl(UNKNOWN), headers: h("bad") })).statusCode).toBe(401);
    expect((await w.app.inject({ method: "GET", url: appUrl(UNKNOWN) })).statusCode).toBe(404);
  });

  it("shows the shared report and visible comments, nothing of any company's work", async () => {
    const r = await w.communityReport();
    await w.app.inject({ method: "POST", url: portal(w.companyA, r.id, "/take"), headers: h(w.tokens.opA) });
    await w.app.inject({ method: "PUT", url: portal(w.companyA, r.id), headers: h(w.tokens.opA), payload: { observations: "Sospechoso conocido" } });
    await w.app.inject({ method: "POST", url: portal(w.companyA, r.id, "/notes"), headers: h(w.tokens.opA), payload: { body: "Nota privada" } });
    await w.app.inject({ method: "POST", url: portal(w.companyA, r.id, "/comments"), headers: h(w.tokens.opA), payload: { body: "Vamos en camino" } });
    const res = await w.app.inject({ method: "GET", url: appUrl(r.uuid) });
    expect(res.statusCode, res.body).toBe(200);
    const report = body<{ report: AppReport }>(res).report;
    expect(report).toMatchObject({ id: r.id, uuid: r.uuid, isOpen: true, isMine: false, vote: null, following: false, user: { firstName: "Test" } });
    expect(report.comments).toEqual([expect.objectContaining({ body: "Vamos en camino", isOperator: true, user: null, companyName: expect.any(String) })]);
    const text = JSON.stringify(report);
    for (const secret of ["Sospechoso conocido", "Nota privada", "observations", "assignedUser", "priority"]) expect(text).not.toContain(secret);
    const mine = body<{ report: AppReport }>(await w.app.inject({ method: "GET", url: appUrl(r.uuid), headers: h(w.tokens.author) })).report;
    expect(mine.isMine).toBe(true);
  });

  it("hides private and company-created reports from everyone but their author", async () => {
    const r = await w.communityReport();
    await w.db.query("update report_attentions set is_private = true where company_id = $1 and report_id = $2", [w.companyB, r.id]);
    expect((await w.app.inject({ method: "GET", url: appUrl(r.uuid) })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "GET", url: appUrl(r.uuid), headers: h(w.tokens.community[0]!) })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "GET", url: appUrl(r.uuid), headers: h(w.tokens.author) })).statusCode).toBe(200);
    const own = await w.companyReport();
    expect((await w.app.inject({ method: "GET", url: appUrl(own.uuid) })).statusCode).toBe(404);
  });
});

describe("POST /api/app/reports/:uuid/comments", () => {
  it("401 without a token, 400 for bad input, 404 for an unknown or hidden report", async () => {
    const r = await w.communityReport();
    expect((await w.app.inject({ method: "POST", url: appUrl(r.uuid, "/comments"), payload: { body: "x" } })).statusCode).toBe(401);
    expect((await w.app.inject({ method: "POST", url: appUrl("x", "/comments"), headers: h(w.tokens.author), payload: { body: "x" } })).statusCode).toBe(400);
    expect((await w.app.inject({ method: "POST", url: appUrl(r.uuid, "/comments"), headers: h(w.tokens.author), payload: { body: "" } })).statusCode).toBe(400);
    expect((await w.app.inject({ method: "POST", url: appUrl(UNKNOWN, "/comments"), headers: h(w.tokens.author), payload: { body: "x" } })).statusCode).toBe(404);
    const own = await w.companyReport();
    expect((await w.app.inject({ method: "POST", url: appUrl(own.uuid, "/comments"), headers: h(w.tokens.author), payload: { body: "x" } })).statusCode).toBe(404);
  });

  it("sends incomingComment to every attending company, once for the same text", async () => {
    const r = await w.communityReport();
    const [seqA, seqB] = [await w.lastSeq(w.companyA), await w.lastSeq(w.companyB)];
    const send = () => w.app.inject({ method: "POST", url: appUrl(r.uuid, "/comments"), headers: h(w.tokens.author), payload: { body: "Era un auto rojo" } });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const comment = body<{ comment: Comment }>(a).comment;
    expect(body<{ comment: Comment }>(b).comment.id).toBe(comment.id);
    expect(comment).toMatchObject({ isAuthor: true, isOperator: false, company_id: null, user: { id: w.author.id } });
    for (const [cid, seq] of [[w.companyA, seqA], [w.companyB, seqB]] as const)
      expect(await w.eventsAfter(cid, seq, r.id)).toEqual([{ type: "incomingComment", data: { reportId: r.id, comment: expect.objectContaining({ id: comment.id, isAuthor: true }) } }]);
    expect(await w.activity(w.companyB, r.id)).toContain("commented");
  });

  it("lets a neighbour comment on a report sent anonymously (no author to compare with)", async () => {
    const r = await w.communityReport(null);
    const res = await w.app.inject({ method: "POST", url: appUrl(r.uuid, "/comments"), headers: h(w.tokens.community[0]!), payload: { body: "Yo también lo vi" } });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ comment: Comment }>(res).comment).toMatchObject({ isAuthor: false });
  });

  it("takes audio, refuses a PNG named .pdf (checked by content)", async () => {
    const r = await w.communityReport();
    const before = await w.filesOnDisk();
    const bad = multipart({ body: "Foto" }, [{ filename: "foto.pdf", data: PNG, type: "application/pdf" }]);
    const res = await w.app.inject({ method: "POST", url: appUrl(r.uuid, "/comments"), headers: { ...h(w.tokens.community[0]!), ...bad.headers }, payload: bad.payload });
    expect(res.statusCode).toBe(400);
    expect(body<Err>(res).error.code).toBe("invalidFileType");
    expect(await w.filesOnDisk()).toEqual(before);
    const ok = multipart({ body: "Audio" }, [{ filename: "grito.wav", data: wav() }]);
    const res2 = await w.app.inject({ method: "POST", url: appUrl(r.uuid, "/comments"), headers: { ...h(w.tokens.community[0]!), ...ok.headers }, payload: ok.payload });
    expect(res2.statusCode, res2.body).toBe(200);
  });

  it("hides an anonymous report's author behind their comments", async () => {
    const res = await w.app.inject({ method: "POST", url: "/api/app/reports", headers: h(w.tokens.author), payload: { type: 0, description: "anónimo", ...w.here, anonymous: true } });
    const r = body<{ report: { id: number; uuid: string } }>(res).report;
    const c = body<{ comment: Comment }>(await w.app.inject({ method: "POST", url: appUrl(r.uuid, "/comments"), headers: h(w.tokens.author), payload: { body: "Más datos" } })).comment;
    expect(c).toMatchObject({ isAuthor: true, user: null });
    const forOperators = body<{ comments: Comment[] }>(await w.app.inject({ method: "GET", url: portal(w.companyA, r.id, "/comments"), headers: h(w.tokens.opA) })).comments;
    expect(forOperators[0]).toMatchObject({ isAuthor: true, user: null });
  });
});

describe("POST /api/app/reports/:uuid/like", () => {
  it("401, 400, 404", async () => {
    const r = await w.communityReport();
    expect((await w.app.inject({ method: "POST", url: appUrl(r.uuid, "/like"), payload: { value: 1 } })).statusCode).toBe(401);
    expect((await w.app.inject({ method: "POST", url: appUrl(r.uuid, "/like"), headers: h(w.tokens.author), payload: { value: 3 } })).statusCode).toBe(400);
    expect((await w.app.inject({ method: "POST", url: appUrl(UNKNOWN, "/like"), headers: h(w.tokens.author), payload: { value: 1 } })).statusCode).toBe(404);
  });

  it("toggles the community user's vote and tells every attending company", async () => {
    const r = await w.communityReport();
    const seqA = await w.lastSeq(w.companyA);
    const like = async (value: 1 | -1) => body(await w.app.inject({ method: "POST", url: appUrl(r.uuid, "/like"), headers: h(w.tokens.community[1]!), payload: { value } }));
    expect(await like(-1)).toEqual({ success: true, likes: 0, dislikes: 1, vote: -1 });
    expect(await like(1)).toEqual({ success: true, likes: 1, dislikes: 0, vote: 1 });
    expect((await w.eventsAfter(w.companyA, seqA, r.id)).map((e) => [e.type, e.data])).toEqual([
      ["dislike", { reportId: r.id, likes: 0, dislikes: 1 }],
      ["like", { reportId: r.id, likes: 1, dislikes: 0 }],
    ]);
    const view = body<{ report: AppReport }>(await w.app.inject({ method: "GET", url: appUrl(r.uuid), headers: h(w.tokens.community[1]!) })).report;
    expect(view).toMatchObject({ likes: 1, dislikes: 0, vote: 1 });
  });
});

describe("POST/DELETE /api/app/reports/:uuid/follow", () => {
  it("401, 400, 404", async () => {
    const r = await w.communityReport();
    expect((await w.app.inject({ method: "POST", url: appUrl(r.uuid, "/follow") })).statusCode).toBe(401);
    expect((await w.app.inject({ method: "DELETE", url: appUrl(r.uuid, "/follow") })).statusCode).toBe(401);
    expect((await w.app.inject({ method: "POST", url: appUrl("1", "/follow"), headers: h(w.tokens.author) })).statusCode).toBe(400);
    expect((await w.app.inject({ method: "POST", url: appUrl(UNKNOWN, "/follow"), headers: h(w.tokens.author) })).statusCode).toBe(404);
  });

  it("follows and unfollows; operators see the community followers' count", async () => {
    const r = await w.communityReport();
    const follow = (method: "POST" | "DELETE", token: string) => w.app.inject({ method, url: appUrl(r.uuid, "/follow"), headers: h(token) });
    expect(body(await follow("POST", w.tokens.community[0]!))).toEqual({ success: true, following: true });
    await follow("POST", w.tokens.community[0]!);
    await follow("POST", w.tokens.community[1]!);
    const count = async () =>
      body<{ communityFollowers: number }>(await w.app.inject({ method: "GET", url: portal(w.companyA, r.id, "/followers"), headers: h(w.tokens.opA) })).communityFollowers;
    expect(await count()).toBe(2);
    expect(body(await follow("DELETE", w.tokens.community[0]!))).toEqual({ success: true, following: false });
    expect(await count()).toBe(1);
    const view = body<{ report: AppReport }>(await w.app.inject({ method: "GET", url: appUrl(r.uuid), headers: h(w.tokens.community[1]!) })).report;
    expect(view.following).toBe(true);
    expect((await w.activity(w.companyA, r.id)).filter((a) => a === "followed" || a === "unfollowed")).toEqual(["followed", "followed", "unfollowed"]);
  });
});

describe("POST /api/app/reports/:uuid/media", () => {
  const upload = (uuid: string, token: string | null, file?: { filename: string; data: Buffer }) => {
    const f = multipart({}, file ? [file] : []);
    return w.app.inject({ method: "POST", url: appUrl(uuid, "/media"), headers: { ...(token ? h(token) : {}), ...f.headers }, payload: f.payload });
  };

  it("401, 400 (bad uuid, no file, not multipart), 404, 403 for someone else's report", async () => {
    const r = await w.communityReport();
    expect((await upload(r.uuid, null, { filename: "a.png", data: PNG })).statusCode).toBe(401);
    expect((await upload("abc", w.tokens.author, { filename: "a.png", data: PNG })).statusCode).toBe(400);
    expect(body<Err>(await upload(r.uuid, w.tokens.author)).error).toMatchObject({ code: "validation", fields: [{ field: "file", code: "required" }] });
    expect((await w.app.inject({ method: "POST", url: appUrl(r.uuid, "/media"), headers: h(w.tokens.author), payload: { file: "x" } })).statusCode).toBe(400);
    expect((await upload(UNKNOWN, w.tokens.author, { filename: "a.png", data: PNG })).statusCode).toBe(404);
    expect((await upload(r.uuid, w.tokens.community[0]!, { filename: "a.png", data: PNG })).statusCode).toBe(403);
  });

  it("appends the file with its status to the report and sends mediaStatus to every attending company", async () => {
    const r = await w.communityReport();
    const [seqA, seqB] = [await w.lastSeq(w.companyA), await w.lastSeq(w.companyB)];
    const res = await upload(r.uuid, w.tokens.author, { filename: "foto.png", data: PNG });
    expect(res.statusCode, res.body).toBe(200);
    const media = body<{ media: Media[] }>(res).media;
    expect(media).toEqual([expect.objectContaining({ mime: "image/png", status: "ready", originalName: "foto.png" })]);
    const res2 = await upload(r.uuid, w.tokens.author, { filename: "planilla.docx", data: DOCX });
    const media2 = body<{ media: Media[] }>(res2).media;
    expect(media2.map((m) => m.mime)).toEqual(["image/png", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"]);
    for (const [cid, seq] of [[w.companyA, seqA], [w.companyB, seqB]] as const) {
      const events = await w.eventsAfter(cid, seq, r.id);
      expect(events.map((e) => e.type)).toEqual(["mediaStatus", "mediaStatus"]);
      expect(events[1]!.data).toEqual({ reportId: r.id, media: media2 });
    }
    expect((await portalReport(w.companyB, w.tokens.opB, r.id)).filesMedia).toEqual(media2);
    expect((await w.activity(w.companyA, r.id)).filter((a) => a === "media_added")).toHaveLength(2);
    // Report media of a public report is public.
    expect((await w.app.inject({ method: "GET", url: media[0]!.url })).rawPayload).toEqual(PNG);
  });

  it("refuses other types by content and files over the limit, writing nothing", async () => {
    const r = await w.communityReport();
    const before = await w.filesOnDisk();
    const exe = await upload(r.uuid, w.tokens.author, { filename: "foto.jpg", data: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(500)]) });
    expect(body<Err>(exe).error.code).toBe("invalidFileType");
    const gif = await upload(r.uuid, w.tokens.author, { filename: "a.png", data: Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1") });
    expect(body<Err>(gif).error.code).toBe("invalidFileType");
    const big = await upload(r.uuid, w.tokens.author, { filename: "big.pdf", data: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]) });
    expect(big.statusCode).toBe(400);
    expect(body<Err>(big).error).toMatchObject({ code: "fileTooLarge", message: "El archivo es demasiado grande (máximo 10 MB)" });
    expect(await w.filesOnDisk()).toEqual(before);
    expect((await portalReport(w.companyA, w.tokens.opA, r.id)).filesMedia).toEqual([]);
  });
});

describe("DELETE /api/app/reports/:uuid (by its author)", () => {
  it("401, 400, 404, 403 for someone else's report", async () => {
    const r = await w.communityReport();
    expect((await w.app.inject({ method: "DELETE", url: appUrl(r.uuid) })).statusCode).toBe(401);
    expect((await w.app.inject({ method: "DELETE", url: appUrl("zzz"), headers: h(w.tokens.author) })).statusCode).toBe(400);
    expect((await w.app.inject({ method: "DELETE", url: appUrl(UNKNOWN), headers: h(w.tokens.author) })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "DELETE", url: appUrl(r.uuid), headers: h(w.tokens.community[0]!) })).statusCode).toBe(403);
    expect((await portalReport(w.companyA, w.tokens.opA, r.id)).deletedAt).toBeNull();
  });

  it("leaves operators only closing: in_deleting_progress, no comments or likes; updateReport to every company", async () => {
    const r = await w.communityReport();
    const before = await portalReport(w.companyA, w.tokens.opA, r.id);
    const [seqA, seqB] = [await w.lastSeq(w.companyA), await w.lastSeq(w.companyB)];
    const res = await w.app.inject({ method: "DELETE", url: appUrl(r.uuid), headers: h(w.tokens.author) });
    expect(res.statusCode, res.body).toBe(200);
    const after = await portalReport(w.companyA, w.tokens.opA, r.id);
    expect(after).toMatchObject({ displayStatus: "in_deleting_progress", status: "pending", deletedBy: "author", version: before.version + 1 });
    expect(after.can).toMatchObject({ take: false, comment: false, close: true });
    for (const [cid, seq] of [[w.companyA, seqA], [w.companyB, seqB]] as const) {
      const events = await w.eventsAfter(cid, seq, r.id);
      expect(events.map((e) => e.type)).toEqual(["updateReport"]);
      expect(events[0]!.data).toMatchObject({ report: { id: r.id, displayStatus: "in_deleting_progress" } });
    }
    expect(await w.activity(w.companyB, r.id)).toContain("deleted_by_author");

    const comment = await w.app.inject({ method: "POST", url: portal(w.companyA, r.id, "/comments"), headers: h(w.tokens.opA), payload: { body: "¿Sigue?" } });
    expect(comment.statusCode).toBe(409);
    expect(body<Err>(comment).error.code).toBe("invalidTransition");
    expect((await w.app.inject({ method: "POST", url: portal(w.companyA, r.id, "/like"), headers: h(w.tokens.opA), payload: { value: 1 } })).statusCode).toBe(409);
    // Notes and follows stay: they are the company's own record of how it closed the report.
    expect((await w.app.inject({ method: "POST", url: portal(w.companyA, r.id, "/notes"), headers: h(w.tokens.opA), payload: { body: "Cerrado por eliminación" } })).statusCode).toBe(200);
    expect((await w.app.inject({ method: "POST", url: portal(w.companyA, r.id, "/take"), headers: h(w.tokens.opA) })).statusCode).toBe(409);
    const closed = await w.app.inject({ method: "POST", url: portal(w.companyA, r.id, "/close"), headers: h(w.tokens.opA), payload: { kind: "solved" } });
    expect(closed.statusCode, closed.body).toBe(200);

    // Gone for the community, its author included; deleting again changes nothing.
    expect((await w.app.inject({ method: "GET", url: appUrl(r.uuid), headers: h(w.tokens.author) })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "POST", url: appUrl(r.uuid, "/comments"), headers: h(w.tokens.author), payload: { body: "x" } })).statusCode).toBe(404);
    const seqAfter = await w.lastSeq(w.companyB);
    expect((await w.app.inject({ method: "DELETE", url: appUrl(r.uuid), headers: h(w.tokens.author) })).statusCode).toBe(200);
    expect(await w.eventsAfter(w.companyB, seqAfter, r.id)).toEqual([]);
  });
});

describe("POST /api/app/comments/:id/report (community flags)", () => {
  const flag = (id: number | string, token?: string) =>
    w.app.inject({ method: "POST", url: `/api/app/comments/${id}/report`, ...(token ? { headers: h(token) } : {}) });

  it("401, 400, 404, and 400 for one's own comment", async () => {
    const r = await w.communityReport();
    const c = body<{ comment: Comment }>(await w.app.inject({ method: "POST", url: appUrl(r.uuid, "/comments"), headers: h(w.tokens.author), payload: { body: "Mío" } })).comment;
    expect((await flag(c.id)).statusCode).toBe(401);
    expect((await flag("abc", w.tokens.community[0]!)).statusCode).toBe(400);
    expect((await flag(2_000_000_000, w.tokens.community[0]!)).statusCode).toBe(404);
    expect(body<Err>(await flag(c.id, w.tokens.author)).error).toMatchObject({ code: "validation", fields: [{ field: "id", code: "ownComment" }] });
  });

  it("hides a comment after three distinct reporters: flagged for operators, gone from the app", async () => {
    const r = await w.communityReport();
    const c = body<{ comment: Comment }>(
      await w.app.inject({ method: "POST", url: appUrl(r.uuid, "/comments"), headers: h(w.tokens.author), payload: { body: "Insulto" } }),
    ).comment;
    const [t0, t1, t2, t3] = w.tokens.community as [string, string, string, string];
    expect((await flag(c.id, t0)).statusCode).toBe(200);
    expect((await flag(c.id, t0)).statusCode).toBe(200);
    expect(body<{ report: AppReport }>(await w.app.inject({ method: "GET", url: appUrl(r.uuid) })).report.comments).toHaveLength(1);
    const seqA = await w.lastSeq(w.companyA);
    // The second and third reporters at once: both count.
    expect((await Promise.all([flag(c.id, t1), flag(c.id, t2)])).map((x) => x.statusCode)).toEqual([200, 200]);

    expect(body<{ report: AppReport }>(await w.app.inject({ method: "GET", url: appUrl(r.uuid) })).report.comments).toEqual([]);
    expect(body<{ report: AppReport }>(await w.app.inject({ method: "GET", url: appUrl(r.uuid), headers: h(w.tokens.author) })).report.comments).toEqual([]);
    const forOperators = body<{ comments: Comment[] }>(await w.app.inject({ method: "GET", url: portal(w.companyA, r.id, "/comments"), headers: h(w.tokens.opA) })).comments;
    expect(forOperators).toEqual([expect.objectContaining({ id: c.id, hidden: true })]);
    expect((await portalReport(w.companyA, w.tokens.opA, r.id)).commentsCount).toBe(0);
    const events = await w.eventsAfter(w.companyA, seqA, r.id);
    expect(events.map((e) => e.type)).toEqual(["updateReport"]);
    expect(await w.activity(w.companyA, r.id)).toContain("comment_hidden");
    // A hidden comment can no longer be flagged from the app.
    expect((await flag(c.id, t3)).statusCode).toBe(404);
  });

  it("serves a hidden comment's file to operators only", async () => {
    const r = await w.communityReport();
    const f = multipart({ body: "Audio ofensivo" }, [{ filename: "a.wav", data: wav() }]);
    const res = await w.app.inject({ method: "POST", url: appUrl(r.uuid, "/comments"), headers: { ...h(w.tokens.author), ...f.headers }, payload: f.payload });
    const c = body<{ comment: Comment }>(res).comment;
    for (const t of w.tokens.community.slice(0, 3)) await flag(c.id, t);
    expect((await w.app.inject({ method: "GET", url: c.media[0]!.url })).statusCode).toBe(401);
    expect((await w.app.inject({ method: "GET", url: c.media[0]!.url, headers: h(w.tokens.community[3]!) })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "GET", url: c.media[0]!.url, headers: h(w.tokens.opB) })).statusCode).toBe(200);
  });
});
