import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Complaint, ReportedUser, UserImpact } from "@atalaya/shared";
import { one } from "../db/db.js";
import { body, buildUser, loginAs } from "../test/harness.js";
import { appLoginAs, h, interactionWorld, type World } from "../test/interactions.js";

let w: World;
let adminA: string;
let restrictedA: string;
beforeAll(async () => {
  w = await interactionWorld();
  const admin = await buildUser(w.db, { companyId: w.companyA, role: "company_admin" });
  adminA = await loginAs(w.app, admin);
  // Limited to a report type the world's robbery reports are not.
  const restricted = await buildUser(w.db, { companyId: w.companyA });
  await w.db.query("update memberships set report_type_ids = '{1}' where company_id = $1 and user_id = $2", [w.companyA, restricted.id]);
  restrictedA = await loginAs(w.app, restricted);
  // Locking community users is a feature of SPEC §6's "blocking users without role" gate: company A
  // joins it (reporter-gates.test.ts checks a company outside it).
  await w.db.query("insert into company_gates (gate, company_id) values ('block_users_without_role', $1) on conflict do nothing", [w.companyA]);
});
afterAll(() => w.close());

type Err = { error: { code: string; fields?: { field: string; code: string }[] } };
const issue = (token: string, payload: unknown) => w.app.inject({ method: "POST", url: "/api/reports/issue", headers: h(token), payload: payload as object });
const list = (companyId: number, token: string) =>
  w.app.inject({ method: "GET", url: `/api/companies/${companyId}/reported-users`, headers: h(token) });
const lock = (companyId: number, token: string, userId: number, action = "lock") =>
  w.app.inject({ method: "POST", url: `/api/companies/${companyId}/app-users/${userId}/${action}`, headers: h(token) });

async function commentBy(token: string, uuid: string, text: string): Promise<number> {
  const res = await w.app.inject({ method: "POST", url: `/api/app/reports/${uuid}/comments`, headers: h(token), payload: { body: text } });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ comment: { id: number } }>(res).comment.id;
}

describe("POST /api/reports/issue", () => {
  it("401 without a token, 400 for bad bodies, 404 for an unknown item", async () => {
    expect((await w.app.inject({ method: "POST", url: "/api/reports/issue", payload: { reportId: 1, reason: "spam" } })).statusCode).toBe(401);
    const r = await w.communityReport();
    for (const bad of [
      {},
      { reason: "spam" },
      { reportId: r.id, commentId: 1, reason: "spam" },
      { reportId: r.id, reason: "nope" },
      { reportId: r.id, reason: "spam", body: "x".repeat(1001) },
      { reportId: r.id, reason: "spam", body: "a\u0000b" },
      { reportId: 2147483648, reason: "spam" },
      { reportId: "1; drop", reason: "spam" },
      { reportId: r.id, reason: "spam", extra: 1 },
    ]) {
      expect((await issue(w.tokens.community[0]!, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await issue(w.tokens.community[0]!, { reportId: 2147483647, reason: "spam" })).statusCode).toBe(404);
    expect((await issue(w.tokens.community[0]!, { commentId: 2147483647, reason: "spam" })).statusCode).toBe(404);
    expect((await issue(w.tokens.community[0]!, { userId: w.opA.id, reason: "spam" })).statusCode).toBe(404);
  });

  it("files one complaint per complainant and report (a repeat answers the first) and raises abuseCounter once", async () => {
    const r = await w.communityReport();
    const first = await issue(w.tokens.community[0]!, { reportId: r.id, reason: "false_report", body: "Es falso\nlo vi" });
    expect(first.statusCode, first.body).toBe(200);
    const c = body<{ created: boolean; complaint: Complaint }>(first);
    expect(c).toMatchObject({ created: true, complaint: { targetKind: "report", targetId: r.id, userId: w.author.id, reason: "false_report", body: "Es falso\nlo vi" } });
    const again = body<{ created: boolean; complaint: Complaint }>(await issue(w.tokens.community[0]!, { reportId: r.id, reason: "spam", body: "otra" }));
    expect(again).toMatchObject({ created: false, complaint: { id: c.complaint.id, reason: "false_report" } });
    expect((await issue(w.tokens.opA, { reportId: r.id, reason: "spam" })).statusCode).toBe(200);
    const counter = await one<{ abuse_counter: number }>(w.db, "select abuse_counter from reports where id = $1", [r.id]);
    expect(counter!.abuse_counter).toBe(2);
    const rows = await w.db.query("select id from user_complaints where target_kind = 'report' and target_id = $1", [r.id]);
    expect(rows).toHaveLength(2);
  });

  it("refuses one's own report, company-made reports and operators' comments; 404 for a report the caller may not see", async () => {
    const r = await w.communityReport();
    expect(body<Err>(await issue(w.tokens.author, { reportId: r.id, reason: "spam" })).error.fields).toEqual([{ field: "reportId", code: "ownItem" }]);
    const own = await w.companyReport();
    expect((await issue(w.tokens.opA, { reportId: own.id, reason: "spam" })).statusCode).toBe(400);
    expect((await issue(w.tokens.community[0]!, { reportId: own.id, reason: "spam" })).statusCode).toBe(404);
    expect((await issue(w.tokens.opC, { reportId: own.id, reason: "spam" })).statusCode).toBe(404);
    const res = await w.app.inject({ method: "POST", url: `/api/companies/${w.companyA}/reports/${r.id}/comments`, headers: h(w.tokens.opA), payload: { body: "En camino" } });
    const opComment = body<{ comment: { id: number } }>(res).comment.id;
    expect((await issue(w.tokens.community[0]!, { commentId: opComment, reason: "offensive" })).statusCode).toBe(400);
  });

  it("a community complaint about a comment is its community flag: three users hide it, each counted once", async () => {
    const r = await w.communityReport();
    const commentId = await commentBy(w.tokens.author, r.uuid, "Comentario ofensivo");
    for (const t of w.tokens.community.slice(0, 3)) {
      expect((await issue(t, { commentId, reason: "offensive" })).statusCode).toBe(200);
      expect(body<{ created: boolean }>(await issue(t, { commentId, reason: "offensive" })).created).toBe(false);
    }
    const c = await one<{ hidden: boolean; flags: number }>(
      w.db,
      "select hidden, (select count(*)::int from comment_flags where comment_id = $1) as flags from comments where id = $1",
      [commentId],
    );
    expect(c).toEqual({ hidden: true, flags: 3 });
    // Hidden in the app, so a fourth community user cannot reach it; an operator still can.
    expect((await issue(w.tokens.community[3]!, { commentId, reason: "offensive" })).statusCode).toBe(404);
    expect((await issue(w.tokens.opB, { commentId, reason: "offensive" })).statusCode).toBe(200);
  });
});

describe("GET /api/companies/:companyId/reported-users", () => {
  it("401, 404 for another company, 400 for bad paging", async () => {
    expect((await w.app.inject({ method: "GET", url: `/api/companies/${w.companyA}/reported-users` })).statusCode).toBe(401);
    expect((await list(w.companyB, w.tokens.opA)).statusCode).toBe(404);
    for (const q of ["page=0", "pageSize=1000", "page=x"]) {
      expect((await w.app.inject({ method: "GET", url: `/api/companies/${w.companyA}/reported-users?${q}`, headers: h(w.tokens.opA) })).statusCode).toBe(400);
    }
  });

  it("shows the user with counts only to companies attending their reports, and only what a restricted operator may see", async () => {
    const r = await w.communityReport();
    await issue(w.tokens.community[1]!, { reportId: r.id, reason: "spam" });
    const res = await list(w.companyA, w.tokens.opA);
    expect(res.statusCode, res.body).toBe(200);
    const b = body<{ users: ReportedUser[]; total: number; canLock: boolean }>(res);
    const row = b.users.find((u) => u.id === w.author.id);
    expect(row).toMatchObject({ name: "Test User", locked: false });
    expect(row!.complaints).toBeGreaterThanOrEqual(1);
    const reports = await one<{ n: number }>(w.db, "select count(*)::int as n from reports where user_id = $1 and not is_anonymous", [w.author.id]);
    expect(row!.reports).toBe(reports!.n);
    expect(b.canLock).toBe(false);
    expect(body<{ canLock: boolean }>(await list(w.companyA, adminA)).canLock).toBe(true);
    expect(body<{ users: ReportedUser[] }>(await list(w.companyB, w.tokens.opB)).users.some((u) => u.id === w.author.id)).toBe(true);
    expect(body<{ users: ReportedUser[] }>(await list(w.companyC, w.tokens.opC)).users.some((u) => u.id === w.author.id)).toBe(false);
    const limited = await list(w.companyA, restrictedA);
    expect(limited.statusCode, limited.body).toBe(200);
    expect(body<{ users: ReportedUser[] }>(limited).users.some((u) => u.id === w.author.id)).toBe(false);
    // A report of the type the restricted operator works: its author shows up for them, with that report only.
    const other = await buildUser(w.db);
    const seen = await w.communityReport(await appLoginAs(w.app, other));
    await w.communityReport(await appLoginAs(w.app, other));
    await w.db.query("update reports set type_id = 1 where id = $1", [seen.id]);
    await issue(w.tokens.community[1]!, { reportId: seen.id, reason: "spam" });
    const row2 = body<{ users: ReportedUser[] }>(await list(w.companyA, restrictedA)).users.find((u) => u.id === other.id);
    expect(row2).toMatchObject({ complaints: 1, reports: 1 });
    expect(body<{ users: ReportedUser[] }>(await list(w.companyA, w.tokens.opA)).users.find((u) => u.id === other.id)).toMatchObject({ complaints: 1, reports: 2 });
  });
});

describe("GET /api/reports/user-impact/counter/:id", () => {
  it("401, 400 for a bad id, 404 for a user the caller sees nothing of", async () => {
    expect((await w.app.inject({ method: "GET", url: `/api/reports/user-impact/counter/${w.author.id}` })).statusCode).toBe(401);
    for (const id of ["0", "x", "2147483648"]) {
      expect((await w.app.inject({ method: "GET", url: `/api/reports/user-impact/counter/${id}`, headers: h(w.tokens.opA) })).statusCode).toBe(400);
    }
    await w.communityReport();
    for (const t of [w.tokens.opC, restrictedA, w.tokens.community[0]!]) {
      expect((await w.app.inject({ method: "GET", url: `/api/reports/user-impact/counter/${w.author.id}`, headers: h(t) })).statusCode).toBe(404);
    }
  });

  it("counts the user's reports the caller's companies attend: attended, solved, not applicable, likes", async () => {
    const u = await buildUser(w.db);
    const token = await appLoginAs(w.app, u);
    const [a, b, c] = [await w.communityReport(token), await w.communityReport(token), await w.communityReport(token)];
    await w.app.inject({ method: "POST", url: `/api/companies/${w.companyA}/reports/${a.id}/take`, headers: h(w.tokens.opA) });
    await w.db.query("update report_attentions set status = 'solved' where company_id = $1 and report_id = $2", [w.companyA, b.id]);
    await w.db.query("update report_attentions set status = 'false' where company_id = $1 and report_id = $2", [w.companyB, c.id]);
    await w.app.inject({ method: "POST", url: `/api/app/reports/${a.uuid}/like`, headers: h(w.tokens.community[0]!), payload: { value: 1 } });
    const likes = await one<{ n: number }>(w.db, "select coalesce(sum(likes_count), 0)::int as n from reports where user_id = $1", [u.id]);
    const res = await w.app.inject({ method: "GET", url: `/api/reports/user-impact/counter/${u.id}`, headers: h(w.tokens.opA) });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ user_impact: UserImpact }>(res).user_impact).toEqual({ reports: 3, attended: 2, solved: 1, false: 0, likes: likes!.n });
    const fromB = body<{ user_impact: UserImpact }>(await w.app.inject({ method: "GET", url: `/api/reports/user-impact/counter/${u.id}`, headers: h(w.tokens.opB) }));
    expect(fromB.user_impact).toMatchObject({ reports: 3, attended: 1, solved: 0, false: 1 });
  });
});

describe("POST /api/companies/:companyId/app-users/:id/lock|unlock", () => {
  it("401, 403 for an operator, 404 for another company or a user not of its reports, 400 for a bad id", async () => {
    const u = await buildUser(w.db);
    await w.communityReport(await appLoginAs(w.app, u));
    expect((await w.app.inject({ method: "POST", url: `/api/companies/${w.companyA}/app-users/${u.id}/lock` })).statusCode).toBe(401);
    expect((await lock(w.companyA, w.tokens.opA, u.id)).statusCode).toBe(403);
    expect((await lock(w.companyB, adminA, u.id)).statusCode).toBe(404);
    expect((await lock(w.companyA, adminA, w.opB.id)).statusCode).toBe(404);
    expect((await lock(w.companyA, adminA, (await buildUser(w.db)).id)).statusCode).toBe(404);
    for (const id of ["0", "x", "2147483648"]) {
      expect((await w.app.inject({ method: "POST", url: `/api/companies/${w.companyA}/app-users/${id}/lock`, headers: h(adminA) })).statusCode).toBe(400);
    }
  });

  it("locking stops the user's app token at once; unlocking lets them sign in again", async () => {
    const u = await buildUser(w.db);
    const token = await appLoginAs(w.app, u);
    const r = await w.communityReport(token);
    const res = await lock(w.companyA, adminA, u.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toEqual({ success: true, user: { id: u.id, locked: true } });
    expect((await w.app.inject({ method: "GET", url: `/api/app/reports/${r.uuid}`, headers: h(token) })).statusCode).toBe(401);
    expect((await issue(token, { reportId: r.id, reason: "spam" })).statusCode).toBe(401);
    expect((await w.app.inject({ method: "POST", url: "/api/app/login", payload: { email: u.email, password: "Secreta-2026" } })).statusCode).toBe(423);
    await issue(w.tokens.community[2]!, { reportId: r.id, reason: "spam" });
    expect(body<{ users: ReportedUser[] }>(await list(w.companyA, adminA)).users.find((x) => x.id === u.id)?.locked).toBe(true);
    expect(body(await lock(w.companyA, adminA, u.id, "unlock"))).toEqual({ success: true, user: { id: u.id, locked: false } });
    const again = await appLoginAs(w.app, u);
    expect((await w.app.inject({ method: "GET", url: `/api/app/reports/${r.uuid}`, headers: h(again) })).statusCode).toBe(200);
  });
});
