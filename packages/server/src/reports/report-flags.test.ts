import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppReport, Comment, Note, Report } from "@atalaya/shared";
import { body, buildUser, loginAs } from "../test/harness.js";
import { h, interactionWorld, type World } from "../test/interactions.js";
import { LiveSockets } from "../test/live.js";
import { waitFor } from "../test/wait-for.js";

// Issue 17's report flags: highlighted, isFavorite, seen, turnOffComments, edited, premium marker.
let w: World;
const live = new LiveSockets();
beforeAll(async () => {
  w = await interactionWorld();
});
afterAll(async () => {
  live.closeAll();
  await w.close();
});

const portal = (companyId: number, reportId: number, rest = "") => `/api/companies/${companyId}/reports/${reportId}${rest}`;
type Err = { error: { code: string; reason?: string; message: string } };

async function read(companyId: number, token: string, reportId: number): Promise<Report> {
  const res = await w.app.inject({ method: "GET", url: portal(companyId, reportId), headers: h(token) });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ report: Report }>(res).report;
}
async function pending(token: string, companyId: number, query = ""): Promise<Report[]> {
  const res = await w.app.inject({ method: "GET", url: `/api/companies/${companyId}/reports?status=pending&limit=500${query}`, headers: h(token) });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ reports: Report[] }>(res).reports;
}

describe("highlighted", () => {
  it("pins a report first in its tab for every operator of the company, live, and unpins it", async () => {
    const older = await w.communityReport();
    await w.communityReport();
    const updates = await live.collect(w.app, w.tokens.opA2, w.companyA, "updateReport", (d) => d.report as Report);
    const res = await w.app.inject({ method: "PUT", url: portal(w.companyA, older.id, "/highlight"), headers: h(w.tokens.opA), payload: { highlighted: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ report: Report }>(res).report.highlighted).toBe(true);
    // A colleague's socket hears it, and its list (any sort) starts with it.
    await waitFor(() => updates.some((r) => r.id === older.id && r.highlighted));
    for (const sort of ["newest", "oldest", "triage", "dueDate"]) {
      const list = await pending(w.tokens.opA2, w.companyA, `&sort=${sort}`);
      expect(list[0]!.id, sort).toBe(older.id);
    }
    // Another organisation attending the same report keeps its own order.
    expect((await read(w.companyB, w.tokens.opB, older.id)).highlighted).toBe(false);
    expect(await w.activity(w.companyA, older.id)).toContain("highlighted");

    await w.app.inject({ method: "PUT", url: portal(w.companyA, older.id, "/highlight"), headers: h(w.tokens.opA), payload: { highlighted: false } });
    expect((await read(w.companyA, w.tokens.opA2, older.id)).highlighted).toBe(false);
    expect((await pending(w.tokens.opA2, w.companyA, "&sort=newest"))[0]!.id).not.toBe(older.id);
  });

  it("refuses bad input, another company's report and a role that does not work reports", async () => {
    const r = await w.communityReport();
    const put = (token: string, payload: unknown, cid = w.companyA) =>
      w.app.inject({ method: "PUT", url: portal(cid, r.id, "/highlight"), headers: h(token), payload: payload as Record<string, unknown> });
    expect((await put(w.tokens.opA, { highlighted: "yes" })).statusCode).toBe(400);
    expect((await put(w.tokens.opA, {})).statusCode).toBe(400);
    expect((await put(w.tokens.opC, { highlighted: true }, w.companyC)).statusCode).toBe(404);
    const patrol = await loginAs(w.app, await buildUser(w.db, { companyId: w.companyA, role: "patrol" }));
    expect((await put(patrol, { highlighted: true })).statusCode).toBe(403);
    expect((await read(w.companyA, w.tokens.opA, r.id)).highlighted).toBe(false);
  });
});

describe("isFavorite", () => {
  it("is each operator's own star, and the favourites filter lists only theirs", async () => {
    const starred = await w.communityReport();
    const other = await w.communityReport();
    const res = await w.app.inject({ method: "PUT", url: portal(w.companyA, starred.id, "/favorite"), headers: h(w.tokens.opA), payload: { isFavorite: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toEqual({ success: true, reportId: starred.id, isFavorite: true });

    expect((await read(w.companyA, w.tokens.opA, starred.id)).isFavorite).toBe(true);
    expect((await read(w.companyA, w.tokens.opA2, starred.id)).isFavorite).toBe(false);
    const mine = await pending(w.tokens.opA, w.companyA, "&favorite=true");
    expect(mine.map((r) => r.id)).toContain(starred.id);
    expect(mine.map((r) => r.id)).not.toContain(other.id);
    expect(mine.every((r) => r.isFavorite)).toBe(true);
    expect((await pending(w.tokens.opA2, w.companyA, "&favorite=true")).map((r) => r.id)).not.toContain(starred.id);
    // The unfiltered list carries the star too.
    expect((await pending(w.tokens.opA, w.companyA)).find((r) => r.id === starred.id)?.isFavorite).toBe(true);

    await w.app.inject({ method: "PUT", url: portal(w.companyA, starred.id, "/favorite"), headers: h(w.tokens.opA), payload: { isFavorite: false } });
    expect((await pending(w.tokens.opA, w.companyA, "&favorite=true")).map((r) => r.id)).not.toContain(starred.id);
  });

  it("never reaches another company's report, and refuses a malformed filter", async () => {
    const r = await w.communityReport();
    expect((await w.app.inject({ method: "PUT", url: portal(w.companyC, r.id, "/favorite"), headers: h(w.tokens.opC), payload: { isFavorite: true } })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "GET", url: `/api/companies/${w.companyA}/reports?favorite=maybe`, headers: h(w.tokens.opA) })).statusCode).toBe(400);
  });
});

describe("seen", () => {
  it("is per user: a report stays unseen for a colleague until they open it", async () => {
    const r = await w.communityReport();
    expect((await pending(w.tokens.opA, w.companyA)).find((x) => x.id === r.id)?.seen).toBe(false);
    const res = await w.app.inject({ method: "POST", url: portal(w.companyA, r.id, "/seen"), headers: h(w.tokens.opA) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await pending(w.tokens.opA, w.companyA)).find((x) => x.id === r.id)?.seen).toBe(true);
    expect((await pending(w.tokens.opA2, w.companyA)).find((x) => x.id === r.id)?.seen).toBe(false);
    // Stored in the database, not in a process: a second opening changes nothing.
    const [row] = await w.db.query<{ seen_at: Date }>("select seen_at from report_user_marks where user_id = $1 and report_id = $2", [w.opA.id, r.id]);
    expect(row?.seen_at).toBeTruthy();
    await w.app.inject({ method: "POST", url: portal(w.companyA, r.id, "/seen"), headers: h(w.tokens.opA) });
    const [again] = await w.db.query<{ seen_at: Date }>("select seen_at from report_user_marks where user_id = $1 and report_id = $2", [w.opA.id, r.id]);
    expect(new Date(again!.seen_at).getTime()).toBe(new Date(row!.seen_at).getTime());
    expect((await w.app.inject({ method: "POST", url: portal(w.companyC, r.id, "/seen"), headers: h(w.tokens.opC) })).statusCode).toBe(404);
  });

  it("events leave the per-user fields out", async () => {
    const news = await live.collect(w.app, w.tokens.opA2, w.companyA, "newReport", (d) => d.report as Report);
    const r = await w.communityReport();
    await waitFor(() => news.some((x) => x.id === r.id));
    const event = news.find((x) => x.id === r.id)!;
    expect(event).not.toHaveProperty("isFavorite");
    expect(event).not.toHaveProperty("seen");
  });
});

describe("turnOffComments", () => {
  it("closes the report to community comments (409 commentsTurnedOff) while operators still comment, and reopens it", async () => {
    const r = await w.communityReport();
    const appComment = (text: string) =>
      w.app.inject({ method: "POST", url: `/api/app/reports/${r.uuid}/comments`, headers: h(w.tokens.community[0]!), payload: { body: text } });
    const off = await w.app.inject({ method: "PUT", url: portal(w.companyA, r.id, "/turn-off-comments"), headers: h(w.tokens.opA), payload: { turnOffComments: true } });
    expect(off.statusCode, off.body).toBe(200);
    expect(body<{ report: Report }>(off).report.turnOffComments).toBe(true);
    // Shared: the other attending organisation sees it closed too; the app view says so.
    expect((await read(w.companyB, w.tokens.opB, r.id)).turnOffComments).toBe(true);
    expect(body<{ report: AppReport }>(await w.app.inject({ method: "GET", url: `/api/app/reports/${r.uuid}` })).report.turnOffComments).toBe(true);

    const refused = await appComment("¿Alguna novedad?");
    expect(refused.statusCode).toBe(409);
    expect(body<Err>(refused).error).toMatchObject({ code: "commentsTurnedOff", reason: "commentsTurnedOff" });
    expect(body<Err>(refused).error.message).toMatch(/comentarios/i);
    const count = await w.db.query("select id from comments where report_id = $1", [r.id]);
    expect(count).toHaveLength(0);
    const operator = await w.app.inject({ method: "POST", url: portal(w.companyA, r.id, "/comments"), headers: h(w.tokens.opA), payload: { body: "Cerramos comentarios" } });
    expect(operator.statusCode, operator.body).toBe(200);

    await w.app.inject({ method: "PUT", url: portal(w.companyA, r.id, "/turn-off-comments"), headers: h(w.tokens.opA), payload: { turnOffComments: false } });
    expect((await appComment("Gracias")).statusCode).toBe(200);
    expect(await w.activity(w.companyA, r.id)).toEqual(expect.arrayContaining(["commentsTurnedOff", "commentsTurnedOn"]));
  });
});

describe("edited", () => {
  it("the author edits their comment and note, which are marked edited with the time; nobody else may", async () => {
    const r = await w.communityReport();
    const posted = body<{ comment: Comment }>(
      await w.app.inject({ method: "POST", url: portal(w.companyA, r.id, "/comments"), headers: h(w.tokens.opA), payload: { body: "Vamos en camino" } }),
    ).comment;
    expect(posted).toMatchObject({ edited: false, editedAt: null });
    const comments = await live.collect(w.app, w.tokens.opB, w.companyB, "newComment", (d) => d.comment as Comment);

    const url = portal(w.companyA, r.id, `/comments/${posted.id}`);
    expect((await w.app.inject({ method: "PUT", url, headers: h(w.tokens.opA2), payload: { body: "Otro texto" } })).statusCode).toBe(403);
    expect((await w.app.inject({ method: "PUT", url, headers: h(w.tokens.opA), payload: { body: "" } })).statusCode).toBe(400);
    expect((await w.app.inject({ method: "PUT", url: portal(w.companyA, r.id, "/comments/999999"), headers: h(w.tokens.opA), payload: { body: "x" } })).statusCode).toBe(404);
    const res = await w.app.inject({ method: "PUT", url, headers: h(w.tokens.opA), payload: { body: "Llegamos en 5 minutos" } });
    expect(res.statusCode, res.body).toBe(200);
    const edited = body<{ comment: Comment }>(res).comment;
    expect(edited).toMatchObject({ id: posted.id, body: "Llegamos en 5 minutos", edited: true });
    expect(Date.parse(edited.editedAt!)).toBeGreaterThanOrEqual(Date.parse(posted.created_at));
    await waitFor(() => comments.some((c) => c.id === posted.id && c.edited));
    expect((await read(w.companyA, w.tokens.opA, r.id)).edited).toBe(true);
    // A community comment is not the operator's to edit.
    const community = body<{ comment: Comment }>(
      await w.app.inject({ method: "POST", url: `/api/app/reports/${r.uuid}/comments`, headers: h(w.tokens.community[1]!), payload: { body: "Sigue pasando" } }),
    ).comment;
    expect((await w.app.inject({ method: "PUT", url: portal(w.companyA, r.id, `/comments/${community.id}`), headers: h(w.tokens.opA), payload: { body: "x" } })).statusCode).toBe(403);

    const note = body<{ note: Note }>(
      await w.app.inject({ method: "POST", url: portal(w.companyA, r.id, "/notes"), headers: h(w.tokens.opA), payload: { body: "Nota privada" } }),
    ).note;
    const noteUrl = portal(w.companyA, r.id, `/notes/${note.id}`);
    expect((await w.app.inject({ method: "PUT", url: noteUrl, headers: h(w.tokens.opA2), payload: { body: "Ajena" } })).statusCode).toBe(403);
    // Another company cannot reach the note (404, as a missing one).
    expect((await w.app.inject({ method: "PUT", url: portal(w.companyB, r.id, `/notes/${note.id}`), headers: h(w.tokens.opB), payload: { body: "x" } })).statusCode).toBe(404);
    const noted = await w.app.inject({ method: "PUT", url: noteUrl, headers: h(w.tokens.opA), payload: { body: "Nota corregida" } });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(body<{ note: Note }>(noted).note).toMatchObject({ body: "Nota corregida", edited: true, editedAt: expect.any(String) });
    const notes = body<{ notes: Note[] }>(await w.app.inject({ method: "GET", url: portal(w.companyA, r.id, "/notes"), headers: h(w.tokens.opA) })).notes;
    expect(notes.find((n) => n.id === note.id)).toMatchObject({ edited: true });
    expect(await w.activity(w.companyA, r.id)).toEqual(expect.arrayContaining(["commentEdited", "noteEdited"]));
  });

  it("an edit that repeats another of the author's texts on the report is 409 duplicateText and changes nothing", async () => {
    const r = await w.communityReport();
    const post = async (text: string) =>
      body<{ note: Note }>(await w.app.inject({ method: "POST", url: portal(w.companyA, r.id, "/notes"), headers: h(w.tokens.opA), payload: { body: text } })).note;
    await post("Primera");
    const second = await post("Segunda");
    const res = await w.app.inject({ method: "PUT", url: portal(w.companyA, r.id, `/notes/${second.id}`), headers: h(w.tokens.opA), payload: { body: "Primera" } });
    expect(res.statusCode).toBe(409);
    expect(body<Err>(res).error.reason).toBe("duplicateText");
    const notes = body<{ notes: Note[] }>(await w.app.inject({ method: "GET", url: portal(w.companyA, r.id, "/notes"), headers: h(w.tokens.opA) })).notes;
    expect(notes.find((n) => n.id === second.id)).toMatchObject({ body: "Segunda", edited: false });
  });
});

describe("premium marker and subscription badge", () => {
  it("appear only for companies in the SPEC §6 gates, for a subscribed reporter who is not anonymous", async () => {
    await w.db.query("update users set subscription = 'premium', subscription_until = now() + interval '30 days' where id = $1", [w.author.id]);
    // Gates are data: company A joins both, B none.
    await w.db.query("insert into company_gates (gate, company_id) values ('premium_alert', $1), ('subscription_badges', $1) on conflict do nothing", [w.companyA]);
    const news = await live.collect(w.app, w.tokens.opA2, w.companyA, "newReport", (d) => d.report as Report);
    const r = await w.communityReport();
    const inA = await read(w.companyA, w.tokens.opA, r.id);
    expect(inA.premiumUser).toBe(true);
    expect(inA.subscription).toMatchObject({ plan: "premium", until: expect.any(String) });
    // The new-report event carries the marker, so the panel can sound the premium alert.
    await waitFor(() => news.some((x) => x.id === r.id));
    expect(news.find((x) => x.id === r.id)?.premiumUser).toBe(true);
    const inB = await read(w.companyB, w.tokens.opB, r.id);
    expect(inB.premiumUser).toBe(false);
    expect(inB.subscription).toBeNull();

    // An anonymous report does not reveal its sender's subscription; an expired one is none.
    const anonymous = await w.app.inject({ method: "POST", url: "/api/app/reports", headers: h(w.tokens.author), payload: { type: 0, description: "anónimo", ...w.here, anonymous: true } });
    const anonymousId = body<{ report: { id: number } }>(anonymous).report.id;
    expect((await read(w.companyA, w.tokens.opA, anonymousId)).premiumUser).toBe(false);
    await w.db.query("update users set subscription_until = now() - interval '1 day' where id = $1", [w.author.id]);
    expect((await read(w.companyA, w.tokens.opA, r.id))).toMatchObject({ premiumUser: false, subscription: null });
    await w.db.query("update users set subscription = null, subscription_until = null where id = $1", [w.author.id]);
  });
});

describe("countdown", () => {
  it("is the seconds left to the due time for an open report, null without one", async () => {
    const r = await w.communityReport();
    const due = new Date(Date.now() + 3_600_000);
    await w.db.query("update report_attentions set due_date = $3 where company_id = $1 and report_id = $2", [w.companyA, r.id, due]);
    const countdown = (await read(w.companyA, w.tokens.opA, r.id)).countdown!;
    expect(countdown).toBeGreaterThan(3_500);
    expect(countdown).toBeLessThanOrEqual(3_600);
    await w.db.query("update report_attentions set due_date = null where company_id = $1 and report_id = $2", [w.companyA, r.id]);
    expect((await read(w.companyA, w.tokens.opA, r.id)).countdown).toBeNull();
  });
});
