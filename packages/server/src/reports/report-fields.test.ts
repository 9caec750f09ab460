import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Report } from "@atalaya/shared";
import { body, TEST_ORIGIN } from "../test/harness.js";
import { h, interactionWorld, ROBBERY, type World } from "../test/interactions.js";
import { multipart, PNG } from "../test/sample-files.js";

// Issue 32: the SPEC §3 report names the product has a fact for, in the detail, the panel's list, the
// history and the live events; the reporter's account with the e-mail behind SPEC §6's
// "showing user emails" gate (company A is in it, company B — attending the same reports — is not).
let w: World;
const PHONE = "+56 9 1234 5678";
const CRIME = 2; // the catalogue's category of robbery (type 0)

beforeAll(async () => {
  w = await interactionWorld();
  await w.db.query("insert into company_gates (gate, company_id) values ('show_user_emails', $1) on conflict do nothing", [w.companyA]);
  expect(await w.db.query("select 1 from company_gates where gate = 'show_user_emails' and company_id = $1", [w.companyB])).toHaveLength(0);
  await w.db.query("update users set cover = 'covers/autor.png', home_address = 'Los Aromos 12, Calama', phone = $2 where id = $1", [w.author.id, PHONE]);
});
afterAll(() => w.close());

const portal = (companyId: number, reportId: number | string, rest = "") => `/api/companies/${companyId}/reports/${reportId}${rest}`;

async function read(companyId: number, token: string, reportId: number): Promise<Report> {
  const res = await w.app.inject({ method: "GET", url: portal(companyId, reportId), headers: h(token) });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ report: Report }>(res).report;
}
async function post(url: string, payload?: Record<string, unknown>): Promise<Report> {
  const res = await w.app.inject({ method: "POST", url, headers: h(w.tokens.opA), ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ report: Report }>(res).report;
}
/** The SPEC §3 names of issue 32 as a report carries them. */
const specFields = (r: Report) => ({
  eventId: r.eventId, datetime_ttl: r.datetime_ttl, report_followup_id: r.report_followup_id, isOpen: r.isOpen, confirmed: r.confirmed,
  visible: r.visible, categoryId: r.categoryId, code: r.code, shareUrl: r.shareUrl, sharesCounter: r.sharesCounter, imageUrl: r.imageUrl,
  location: r.location, userId: r.userId, name: r.name, phone: r.phone, teams: r.teams, userWhoClosedReport: r.userWhoClosedReport, user: r.user,
});

describe("SPEC §3 report fields (issue 32)", () => {
  it("401 without a session; 404 for another company's report and for a company the caller is not in; 400 for a malformed id", async () => {
    const r = await w.communityReport();
    expect((await w.app.inject({ method: "GET", url: portal(w.companyA, r.id) })).statusCode).toBe(401);
    // C attends none of A's and B's reports; B's operator is no member of A.
    expect((await w.app.inject({ method: "GET", url: portal(w.companyC, r.id), headers: h(w.tokens.opC) })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "GET", url: portal(w.companyA, r.id), headers: h(w.tokens.opB) })).statusCode).toBe(404);
    const own = await w.companyReport();
    expect((await w.app.inject({ method: "GET", url: portal(w.companyB, own.id), headers: h(w.tokens.opB) })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "GET", url: portal(w.companyA, "abc"), headers: h(w.tokens.opA) })).statusCode).toBe(400);
  });

  it("a new community report: aliases, derived facts and the reporter, alike in the detail, the panel's list and the newReport event", async () => {
    const seqA = await w.lastSeq(w.companyA);
    const r = await w.communityReport();
    const detail = await read(w.companyA, w.tokens.opA, r.id);
    const share = await w.app.inject({ method: "GET", url: `/api/reports/share/${r.id}`, headers: h(w.tokens.opA) });
    expect(specFields(detail)).toEqual({
      eventId: r.id,
      datetime_ttl: detail.datetimeTtl,
      report_followup_id: detail.reportFollowupId,
      isOpen: true,
      confirmed: false,
      visible: true,
      categoryId: CRIME,
      code: r.uuid.slice(0, 8),
      shareUrl: body<{ share_url: string }>(share).share_url,
      sharesCounter: 0,
      imageUrl: null,
      location: { type: "Point", coordinates: [w.here.longitude, w.here.latitude] },
      userId: w.author.id,
      name: "Test User",
      phone: PHONE,
      teams: [],
      userWhoClosedReport: null,
      user: {
        id: w.author.id, uuid: w.author.uuid, firstName: "Test", lastName: "User", phone: PHONE, cover: "covers/autor.png",
        homeAddress: "Los Aromos 12, Calama", groups: [3], email: w.author.email,
      },
    });
    expect(detail.shareUrl).toBe(`${TEST_ORIGIN}/public/${r.uuid}?sharedUrl=${encodeURIComponent(`${TEST_ORIGIN}/shared/${r.uuid}`)}`);

    const list = await w.app.inject({ method: "GET", url: `/api/companies/${w.companyA}/reports?status=pending&limit=500`, headers: h(w.tokens.opA) });
    const row = body<{ reports: Report[] }>(list).reports.find((x) => x.id === r.id)!;
    expect(specFields(row)).toEqual(specFields(detail));
    const [created] = await w.eventsAfter(w.companyA, seqA, r.id);
    expect(created?.type).toBe("newReport");
    expect(specFields((created!.data as { report: Report }).report)).toEqual(specFields(detail));

    // The code is what a caller is told: the history's identifier box finds the report by it.
    const history = await w.app.inject({ method: "POST", url: `/api/companies/${w.companyA}/reports/history`, headers: h(w.tokens.opA), payload: { identifier: detail.code } });
    expect(history.statusCode, history.body).toBe(200);
    expect(body<{ reports: Report[] }>(history).reports.map((x) => x.id)).toContain(r.id);
    // Opening the public page counts a share.
    expect((await w.app.inject({ method: "GET", url: `/api/public/reports/${r.uuid}` })).statusCode).toBe(200);
    expect((await read(w.companyA, w.tokens.opA, r.id)).sharesCounter).toBe(1);
  });

  it("the reporter's e-mail reaches the gate's company (detail, list, event) and never the other one, which still gets the rest of the account", async () => {
    const seqB = await w.lastSeq(w.companyB);
    const r = await w.communityReport();
    expect((await read(w.companyA, w.tokens.opA, r.id)).user?.email).toBe(w.author.email);
    const detailB = await w.app.inject({ method: "GET", url: portal(w.companyB, r.id), headers: h(w.tokens.opB) });
    const userB = body<{ report: Report }>(detailB).report.user!;
    expect(userB).toEqual({
      id: w.author.id, uuid: w.author.uuid, firstName: "Test", lastName: "User", phone: PHONE, cover: "covers/autor.png",
      homeAddress: "Los Aromos 12, Calama", groups: [3],
    });
    expect(detailB.body).not.toContain(w.author.email);
    expect((await w.app.inject({ method: "GET", url: `/api/companies/${w.companyB}/reports?status=pending&limit=500`, headers: h(w.tokens.opB) })).body).not.toContain(
      w.author.email,
    );
    const eventsB = await w.eventsAfter(w.companyB, seqB, r.id);
    expect(eventsB.length).toBeGreaterThan(0);
    expect(JSON.stringify(eventsB)).not.toContain(w.author.email);
  });

  it("follow the work: confirmed once taken, the first photo, the team, who closed it, off the map once not applicable", async () => {
    const r = await w.communityReport();
    const taken = await post(portal(w.companyA, r.id, "/take"));
    expect({ isOpen: taken.isOpen, confirmed: taken.confirmed }).toEqual({ isOpen: true, confirmed: true });
    // B has not taken it: its own attention is still unconfirmed.
    expect((await read(w.companyB, w.tokens.opB, r.id)).confirmed).toBe(false);

    const f = multipart({}, [{ filename: "foto.png", data: PNG, type: "image/png" }]);
    const upload = await w.app.inject({ method: "POST", url: portal(w.companyA, r.id, "/images"), headers: { ...h(w.tokens.opA), ...f.headers }, payload: f.payload });
    expect(upload.statusCode, upload.body).toBe(200);
    const withPhoto = await read(w.companyA, w.tokens.opA, r.id);
    expect(withPhoto.imageUrl).toMatch(/^\/api\/files\//);
    expect(withPhoto.imageUrl).toBe(withPhoto.filesMedia.find((m) => m.mime === "image/png")?.url);

    const [team] = await w.db.query<{ id: number }>("insert into teams (company_id, name, color) values ($1, $2, '#00aa55') returning id", [w.companyA, `Ronda${Date.now()}`]);
    const assigned = await post(portal(w.companyA, r.id, "/assign"), { teamId: team!.id });
    expect(assigned.teams).toEqual([{ id: team!.id, name: expect.stringMatching(/^Ronda/), color: "#00aa55" }]);

    const closed = await post(portal(w.companyA, r.id, "/close"), { kind: "solved" });
    expect({ isOpen: closed.isOpen, confirmed: closed.confirmed, visible: closed.visible }).toEqual({ isOpen: false, confirmed: true, visible: true });
    expect(closed.userWhoClosedReport).toMatchObject({ id: w.opA.id });
    expect(closed.userWhoClosedReport).toEqual(closed.operatorWhoClosedReport);

    const other = await w.communityReport();
    await post(portal(w.companyA, other.id, "/take"));
    const notApplicable = await post(portal(w.companyA, other.id, "/close"), { kind: "false" });
    expect({ isOpen: notApplicable.isOpen, confirmed: notApplicable.confirmed, visible: notApplicable.visible }).toEqual({ isOpen: false, confirmed: false, visible: false });
    // B's attention of the same report is untouched.
    expect((await read(w.companyB, w.tokens.opB, other.id)).visible).toBe(true);
  });

  it("no share link once any attending organisation made the report private, as the share call refuses it", async () => {
    const r = await w.communityReport();
    expect((await read(w.companyB, w.tokens.opB, r.id)).shareUrl).not.toBeNull();
    const made = await post(portal(w.companyA, r.id, "/private"));
    expect(made.shareUrl).toBeNull();
    const b = await read(w.companyB, w.tokens.opB, r.id);
    expect({ isPrivate: b.isPrivate, shareUrl: b.shareUrl }).toEqual({ isPrivate: false, shareUrl: null });
    expect((await w.app.inject({ method: "GET", url: `/api/reports/share/${r.id}`, headers: h(w.tokens.opB) })).statusCode).toBe(409);
  });

  it("a report made for a caller: the caller's name and phone, no reporter account", async () => {
    const res = await w.app.inject({
      method: "POST",
      url: `/api/companies/${w.companyA}/reports`,
      headers: h(w.tokens.opA),
      payload: { type: ROBBERY, description: "Llamada de un vecino", ...w.here, informerType: "user", firstName: "Ana", lastName: "Pérez", phone: PHONE },
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = body<{ report: Report }>(res).report;
    expect({ name: r.name, phone: r.phone, userId: r.userId, user: r.user }).toEqual({ name: "Ana Pérez", phone: PHONE, userId: null, user: null });
  });
});
