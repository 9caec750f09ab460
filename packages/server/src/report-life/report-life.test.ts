import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FormSubmission, Notification, Report, ReviewItem, Substatus } from "@atalaya/shared";
import { body, buildUser, loginAs } from "../test/harness.js";
import { h, interactionWorld, ROBBERY, type World } from "../test/interactions.js";
import { LiveSockets } from "../test/live.js";
import { waitFor } from "../test/wait-for.js";
import { tellReviewers } from "./review.service.js";

let w: World;
let adminA: string;
const live = new LiveSockets();

beforeAll(async () => {
  w = await interactionWorld();
  const admin = await buildUser(w.db, { companyId: w.companyA, role: "company_admin" });
  adminA = await loginAs(w.app, admin);
});
afterEach(async () => {
  live.closeAll();
  await w.db.query("update companies set review_enabled = false where id = any($1::int[])", [[w.companyA, w.companyB]]);
});
afterAll(() => w.close());

const url = (cid: number, path: string) => `/api/companies/${cid}/${path}`;
const report = async (cid: number, token: string, id: number) => {
  const res = await w.app.inject({ method: "GET", url: url(cid, `reports/${id}`), headers: h(token) });
  return res.statusCode === 200 ? body<{ report: Report }>(res).report : null;
};
/** The user's notifications (all their companies') of one kind about one report. */
const notificationsOf = async (token: string, kind: Notification["kind"], reportId: number) => {
  const res = await w.app.inject({ method: "GET", url: "/api/notifications?limit=100", headers: h(token) });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ notifications: Notification[] }>(res).notifications.filter((n) => n.kind === kind && n.reportId === reportId);
};
const take = async (id: number) => {
  const res = await w.app.inject({ method: "POST", url: url(w.companyA, `reports/${id}/take`), headers: h(w.tokens.opA) });
  expect(res.statusCode, res.body).toBe(200);
};
const setReview = (token: string, payload: object) => w.app.inject({ method: "PUT", url: url(w.companyA, "review-settings"), headers: h(token), payload });
const pendingIds = async () =>
  body<{ reviews: ReviewItem[] }>(await w.app.inject({ method: "GET", url: url(w.companyA, "reviews?state=pending"), headers: h(adminA) })).reviews.map((r) => r.reportId);
const listIds = async (cid: number, token: string) =>
  body<{ reports: Report[]; counters: { pending: number } }>(await w.app.inject({ method: "GET", url: url(cid, "reports?status=pending&limit=500"), headers: h(token) }));

describe("review", () => {
  it("settings: company admins turn it on with bounded thresholds; operators read; bad input changes nothing", async () => {
    expect((await setReview(w.tokens.opA, { enabled: true, newReporterDays: 7, abuseThreshold: 3 })).statusCode).toBe(403);
    for (const bad of [{ enabled: true, newReporterDays: -1, abuseThreshold: 3 }, { enabled: true, newReporterDays: 7, abuseThreshold: 0 }, { enabled: "yes", newReporterDays: 7, abuseThreshold: 3 }, { enabled: true, newReporterDays: 99999, abuseThreshold: 3 }]) {
      const res = await setReview(adminA, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(body<{ error: { code: string } }>(res).error.code).toBe("validation");
    }
    const res = await w.app.inject({ method: "GET", url: url(w.companyA, "review-settings"), headers: h(w.tokens.opA) });
    expect(body<{ review: { enabled: boolean } }>(res).review.enabled).toBe(false);
    expect((await setReview(adminA, { enabled: true, newReporterDays: 5, abuseThreshold: 2 })).json()).toEqual({ success: true, review: { enabled: true, newReporterDays: 5, abuseThreshold: 2 } });
  });

  it("holds a new reporter's report out of the panel, counters and live events; approve brings it in as new, live", async () => {
    expect((await setReview(adminA, { enabled: true, newReporterDays: 7, abuseThreshold: 3 })).statusCode).toBe(200);
    const newReports = await live.collect(w.app, w.tokens.opA, w.companyA, "newReport", (d) => (d.report as Report).id);
    const before = (await listIds(w.companyA, w.tokens.opA)).counters.pending;
    const seqA = await w.lastSeq(w.companyA);
    const r = await w.app.inject({ method: "POST", url: "/api/app/reports", headers: h(w.tokens.author), payload: { type: 0, description: "Robo nuevo", ...w.here } });
    expect(r.statusCode, r.body).toBe(200);
    const held = body<{ report: { id: number }; companies: number[] }>(r);
    // B does not review: it gets the report at once; A holds it.
    expect(held.companies).toEqual([w.companyB]);
    expect(await pendingIds()).toContain(held.report.id);
    const list = await listIds(w.companyA, w.tokens.opA);
    expect(list.reports.map((x) => x.id)).not.toContain(held.report.id);
    expect(list.counters.pending).toBe(before);
    expect(await report(w.companyA, w.tokens.opA, held.report.id)).toBeNull();
    expect(await w.eventsAfter(w.companyA, seqA, held.report.id)).toEqual([]);
    expect((await report(w.companyB, w.tokens.opB, held.report.id))?.review).toBeNull();
    // A's reviewers (its company admins) are told, by a stored job, that the report waits for them; its
    // operators and company B are not.
    const told = await waitFor(async () => {
      const list = await notificationsOf(adminA, "reviewWaiting", held.report.id);
      return list.length > 0 && list;
    });
    expect(told).toEqual([expect.objectContaining({ companyId: w.companyA, actor: null, read: false })]);
    expect(await notificationsOf(w.tokens.opA, "reviewWaiting", held.report.id)).toEqual([]);
    expect(await notificationsOf(w.tokens.opB, "reviewWaiting", held.report.id)).toEqual([]);
    // The job run again (a crash before it was marked done) tells nobody twice.
    expect(await tellReviewers(w.app.ctx, w.companyA, held.report.id)).toBe(0);
    expect(await notificationsOf(adminA, "reviewWaiting", held.report.id)).toHaveLength(1);
    // Operators may not decide; another company's admin gets 404.
    expect((await w.app.inject({ method: "POST", url: url(w.companyA, `reports/${held.report.id}/review`), headers: h(w.tokens.opA), payload: { decision: "approve" } })).statusCode).toBe(403);
    const approve = await w.app.inject({ method: "POST", url: url(w.companyA, `reports/${held.report.id}/review`), headers: h(adminA), payload: { decision: "approve" } });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(body<{ review: ReviewItem }>(approve).review).toMatchObject({ state: "approved", reason: "newReporter" });
    await waitFor(() => newReports.includes(held.report.id));
    const seen = await report(w.companyA, w.tokens.opA, held.report.id);
    expect(seen).toMatchObject({ status: "pending", review: "approved" });
    expect((await listIds(w.companyA, w.tokens.opA)).counters.pending).toBe(before + 1);
    expect(await pendingIds()).not.toContain(held.report.id);
    const again = await w.app.inject({ method: "POST", url: url(w.companyA, `reports/${held.report.id}/review`), headers: h(adminA), payload: { decision: "discard" } });
    expect(again.statusCode).toBe(409);
    expect(body<{ error: { reason: string } }>(again).error.reason).toBe("alreadyReviewed");
    expect(await w.activity(w.companyA, held.report.id)).toEqual(["created", "reviewApproved"]);
  });

  it("discarded reports never reach the panel; a flagged old account is held, an unflagged one is not", async () => {
    expect((await setReview(adminA, { enabled: true, newReporterDays: 7, abuseThreshold: 2 })).statusCode).toBe(200);
    const veteran = w.community[0]!;
    await w.db.query("update users set created_at = now() - interval '400 days' where id = $1", [veteran.id]);
    const send = async (token: string) =>
      body<{ report: { id: number }; companies: number[] }>(
        await w.app.inject({ method: "POST", url: "/api/app/reports", headers: h(token), payload: { type: 0, description: "Algo", ...w.here } }),
      );
    const clean = await send(w.tokens.community[0]!);
    expect(clean.companies).toEqual([w.companyA, w.companyB]);
    for (const complainant of [w.community[1]!, w.community[2]!])
      await w.db.query(
        "insert into user_complaints (complainant_id, target_user_id, target_kind, target_id, reason) values ($1, $2, 'user', $2, 'spam')",
        [complainant.id, veteran.id],
      );
    const flagged = await send(w.tokens.community[0]!);
    expect(flagged.companies).toEqual([w.companyB]);
    const queue = body<{ reviews: ReviewItem[] }>(await w.app.inject({ method: "GET", url: url(w.companyA, "reviews"), headers: h(adminA) })).reviews;
    expect(queue.find((q) => q.reportId === flagged.report.id)).toMatchObject({ reason: "flagged", reporter: { id: veteran.id, complaints: 2 } });
    const newReports = await live.collect(w.app, w.tokens.opA, w.companyA, "newReport", (d) => (d.report as Report).id);
    const seq = await w.lastSeq(w.companyA);
    const discard = await w.app.inject({ method: "POST", url: url(w.companyA, `reports/${flagged.report.id}/review`), headers: h(adminA), payload: { decision: "discard" } });
    expect(body<{ review: ReviewItem }>(discard).review.state).toBe("discarded");
    expect(await report(w.companyA, w.tokens.opA, flagged.report.id)).toBeNull();
    expect(await w.eventsAfter(w.companyA, seq, flagged.report.id)).toEqual([]);
    expect(newReports).toEqual([]);
    const discarded = body<{ reviews: ReviewItem[] }>(await w.app.inject({ method: "GET", url: url(w.companyA, "reviews?state=discarded"), headers: h(adminA) })).reviews;
    expect(discarded.map((d) => d.reportId)).toContain(flagged.report.id);
    // A report the company never held, and a malformed decision.
    expect((await w.app.inject({ method: "POST", url: url(w.companyA, `reports/${clean.report.id}/review`), headers: h(adminA), payload: { decision: "approve" } })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "POST", url: url(w.companyA, `reports/${flagged.report.id}/review`), headers: h(adminA), payload: { decision: "maybe" } })).statusCode).toBe(400);
  });
});

describe("review under restrictions", () => {
  it("a zone- or type-restricted admin's queue holds only what their panel would show; deciding another is 404", async () => {
    expect((await setReview(adminA, { enabled: true, newReporterDays: 7, abuseThreshold: 3 })).statusCode).toBe(200);
    const pampa = (await w.db.query<{ id: number }>("select id from zones where company_id = $1 and name = 'Pampa'", [w.companyA]))[0]!.id;
    const far = (await w.db.query<{ id: number }>(
      "insert into zones (company_id, name, geojson, area) values ($1, 'Lejos', $2, '((10,10),(10.01,10),(10.01,10.01))'::polygon) returning id",
      [w.companyA, JSON.stringify({ type: "Polygon", coordinates: [[[10, 10], [10.01, 10], [10.01, 10.01], [10, 10]]] })],
    ))[0]!.id;
    const restricted = async (zoneIds: number[], typeIds: number[], settings: object = {}) => {
      const user = await buildUser(w.db, { companyId: w.companyA, role: "company_admin" });
      await w.db.query("update memberships set zone_ids = $3, report_type_ids = $4 where company_id = $1 and user_id = $2", [w.companyA, user.id, zoneIds, typeIds]);
      await w.db.query("update users set settings = $2 where id = $1", [user.id, JSON.stringify(settings)]);
      return loginAs(w.app, user);
    };
    const inZone = await restricted([pampa], []);
    const elsewhere = await restricted([far], []);
    const otherType = await restricted([], [1]);
    const onlyAssigned = await restricted([], [], { onlyAssignedReports: true });
    const r = await w.app.inject({ method: "POST", url: "/api/app/reports", headers: h(w.tokens.author), payload: { type: 0, description: "Robo en revisión", ...w.here } });
    const held = body<{ report: { id: number } }>(r).report.id;
    const queue = async (token: string) => body<{ reviews: ReviewItem[]; total: number }>(await w.app.inject({ method: "GET", url: url(w.companyA, "reviews"), headers: h(token) }));
    const sees = async (token: string) => {
      const q = await queue(token);
      expect(q.total).toBe(q.reviews.length);
      return q.reviews.some((x) => x.reportId === held);
    };
    expect(await sees(adminA)).toBe(true);
    expect(await sees(inZone)).toBe(true);
    expect(await sees(elsewhere)).toBe(false);
    expect(await sees(otherType)).toBe(false);
    expect(await sees(onlyAssigned)).toBe(false);
    for (const token of [elsewhere, otherType, onlyAssigned])
      expect((await w.app.inject({ method: "POST", url: url(w.companyA, `reports/${held}/review`), headers: h(token), payload: { decision: "approve" } })).statusCode).toBe(404);
    // The one who may see it approves: it enters the panel of the zone's operators as new, live.
    const newReports = await live.collect(w.app, w.tokens.opA, w.companyA, "newReport", (d) => (d.report as Report).id);
    const approve = await w.app.inject({ method: "POST", url: url(w.companyA, `reports/${held}/review`), headers: h(inZone), payload: { decision: "approve" } });
    expect(approve.statusCode, approve.body).toBe(200);
    await waitFor(() => newReports.includes(held));
    expect(await report(w.companyA, w.tokens.opA, held)).toMatchObject({ status: "pending", review: "approved" });
  });
});

describe("information gathering", () => {
  it("starts on a taken report, the app answers once, the portal socket sees it completed, then it is cleared", async () => {
    const { id, uuid } = await w.communityReport();
    const start = (payload: object, token = w.tokens.opA) => w.app.inject({ method: "POST", url: url(w.companyA, `reports/${id}/gathering`), headers: h(token), payload });
    const questions = [{ text: "¿Vio hacia dónde huyó?", required: true }, { text: "¿Algo más?" }];
    const notTaken = await start({ questions });
    expect(notTaken.statusCode).toBe(409);
    expect(body<{ error: { reason: string } }>(notTaken).error.reason).toBe("notTaken");
    await take(id);
    for (const bad of [{ questions: [] }, { questions: [{ text: "" }] }, { questions: [{ text: "a\u0007b" }] }, { questions: Array.from({ length: 21 }, () => ({ text: "x" })) }, { questions, formTemplateId: 0 }])
      expect((await start(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    const updates = await live.collect(w.app, w.tokens.opA2, w.companyA, "updateReport", (d) => (d.report as Report).gathering);
    const started = await start({ questions });
    expect(started.statusCode, started.body).toBe(200);
    expect(body<{ report: Report }>(started).report.gathering).toMatchObject({ isActive: true, isCompleted: false, completedAt: null, formTemplateId: null, answers: null });
    await waitFor(() => updates.some((g) => g?.isActive === true));
    expect(body<{ error: { reason: string } }>(await start({ questions })).error.reason).toBe("gatheringActive");
    // Only the author reads and answers; B's operators do not see A's gathering.
    expect((await w.app.inject({ method: "GET", url: `/api/app/reports/${uuid}/gathering`, headers: h(w.tokens.community[1]!) })).statusCode).toBe(404);
    expect((await report(w.companyB, w.tokens.opB, id))?.gathering).toBeNull();
    const got = body<{ gatherings: { id: number; questions: unknown[]; isActive: boolean }[] }>(
      await w.app.inject({ method: "GET", url: `/api/app/reports/${uuid}/gathering`, headers: h(w.tokens.author) }),
    ).gatherings;
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ isActive: true, questions: [{ text: questions[0]!.text, required: true }, { text: "¿Algo más?", required: false }] });
    const answer = (answers: unknown, token = w.tokens.author) => w.app.inject({ method: "POST", url: `/api/app/reports/${uuid}/gathering`, headers: h(token), payload: { gatheringId: got[0]!.id, answers } });
    const told = await live.collect(w.app, w.tokens.opA, w.companyA, "notification", (d) => (d as { notification: Notification }).notification);
    expect((await answer(["Hacia el norte"])).statusCode).toBe(400);
    expect((await answer(["", "nada"])).statusCode).toBe(400);
    expect((await answer(["a\u0000", ""])).statusCode).toBe(400);
    expect((await answer(["Hacia el norte", ""], w.tokens.community[1]!)).statusCode).toBe(404);
    const done = await answer(["Hacia el norte\nen bicicleta", ""]);
    expect(done.statusCode, done.body).toBe(200);
    await waitFor(() => updates.some((g) => g?.isCompleted === true));
    expect(updates.find((g) => g?.isCompleted)).toMatchObject({ isActive: false, answers: ["Hacia el norte\nen bicicleta", ""] });
    // The operator who asked (who also took it) is told once, live and in the bell; the refused answers
    // told nobody, and neither the company's other operator nor company B hears of it.
    await waitFor(() => told.some((n) => n.kind === "gatheringAnswered"));
    expect(told.filter((n) => n.kind === "gatheringAnswered")).toEqual([expect.objectContaining({ reportId: id, reportUuid: uuid, actor: null, data: expect.objectContaining({ title: null }) })]);
    expect(await notificationsOf(w.tokens.opA, "gatheringAnswered", id)).toHaveLength(1);
    expect(await notificationsOf(w.tokens.opA2, "gatheringAnswered", id)).toEqual([]);
    expect(await notificationsOf(w.tokens.opB, "gatheringAnswered", id)).toEqual([]);
    expect(body<{ error: { reason: string } }>(await answer(["otra", ""])).error.reason).toBe("gatheringCompleted");
    const cleared = await w.app.inject({ method: "DELETE", url: url(w.companyA, `reports/${id}/gathering`), headers: h(w.tokens.opA) });
    expect(body<{ report: Report }>(cleared).report.gathering).toBeNull();
    await waitFor(() => updates.at(-1) === null);
    const none = await w.app.inject({ method: "DELETE", url: url(w.companyA, `reports/${id}/gathering`), headers: h(w.tokens.opA) });
    expect(body<{ error: { reason: string } }>(none).error.reason).toBe("noGathering");
    expect(await w.activity(w.companyA, id)).toEqual(["created", "taken", "gatheringStarted", "gatheringCompleted", "gatheringCleared"]);
  });

  it("with one of the company's forms: the app gets its questions, answers are checked against the form as asked and read on the report", async () => {
    const { id, uuid } = await w.communityReport();
    await take(id);
    const createTemplate = async (cid: number, token: string, payload: object) => {
      const res = await w.app.inject({ method: "POST", url: url(cid, "form-templates"), headers: h(token), payload });
      expect(res.statusCode, res.body).toBe(200);
      return body<{ template: { id: number } }>(res).template.id;
    };
    const components = [
      { type: "text", fieldKey: "seen", label: "¿Qué vio?", required: true },
      { type: "dropdown", fieldKey: "vehicle", label: "Vehículo", options: [{ label: "Auto", value: "car" }, { label: "Moto", value: "bike" }] },
      { type: "numeric", fieldKey: "people", label: "Personas", numberKind: "integer" },
    ];
    const formId = await createTemplate(w.companyA, adminA, { title: "Testigo", components });
    const withImages = await createTemplate(w.companyA, adminA, { title: "Fotos", components: [{ type: "images", fieldKey: "pics", label: "Fotos" }] });
    const adminB = await loginAs(w.app, await buildUser(w.db, { companyId: w.companyB, role: "company_admin" }));
    const ofB = await createTemplate(w.companyB, adminB, { title: "De B", components });
    const gone = await createTemplate(w.companyA, adminA, { title: "Borrado", components });
    expect((await w.app.inject({ method: "DELETE", url: url(w.companyA, `form-templates/${gone}`), headers: h(adminA) })).statusCode).toBe(200);
    const start = (payload: object) => w.app.inject({ method: "POST", url: url(w.companyA, `reports/${id}/gathering`), headers: h(w.tokens.opA), payload });
    const fieldOf = (res: { body: string }) => (JSON.parse(res.body) as { error: { fields?: { field: string; code: string }[] } }).error.fields?.[0];
    // Another company's, deleted or image-holding templates; questions and a form at once; neither.
    for (const [payload, field, code] of [
      [{ formTemplateId: ofB }, "formTemplateId", "invalid"],
      [{ formTemplateId: gone }, "formTemplateId", "invalid"],
      [{ formTemplateId: withImages }, "formTemplateId", "gatheringFormImages"],
      [{ formTemplateId: formId, questions: [{ text: "¿Y?" }] }, "questions", "gatheringQuestionsOrForm"],
      [{}, "questions", "gatheringQuestionsOrForm"],
      [{ formTemplateId: "1" }, "formTemplateId", undefined],
    ] as const) {
      const res = await start(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (code) expect(fieldOf(res)).toMatchObject({ field, code });
    }
    const updates = await live.collect(w.app, w.tokens.opA2, w.companyA, "updateReport", (d) => (d.report as Report).gathering);
    const started = await start({ formTemplateId: formId });
    expect(started.statusCode, started.body).toBe(200);
    expect(body<{ report: Report }>(started).report.gathering).toMatchObject({ isActive: true, formTemplateId: formId, questions: [], form: { id: formId, title: "Testigo", version: 1 }, formValues: null });
    await waitFor(() => updates.some((g) => g?.form?.id === formId));
    // Editing the template afterwards changes neither what the reporter is asked nor how answers read.
    const edited = await w.app.inject({ method: "PUT", url: url(w.companyA, `form-templates/${formId}`), headers: h(adminA), payload: { title: "Testigo v2", components: [{ type: "text", fieldKey: "other" }] } });
    expect(edited.statusCode, edited.body).toBe(200);
    // The version a gathering asked is kept as it was (its answers read with it): the edit is version 2.
    expect(body<{ template: { version: number } }>(edited).template.version).toBe(2);
    const got = body<{ gatherings: { id: number; form: { title: string; components: { fieldKey: string }[] } }[] }>(
      await w.app.inject({ method: "GET", url: `/api/app/reports/${uuid}/gathering`, headers: h(w.tokens.author) }),
    ).gatherings;
    expect(got[0]!.form.title).toBe("Testigo");
    expect(got[0]!.form.components.map((c) => c.fieldKey)).toEqual(["seen", "vehicle", "people"]);
    const answer = (payload: object) => w.app.inject({ method: "POST", url: `/api/app/reports/${uuid}/gathering`, headers: h(w.tokens.author), payload: { gatheringId: got[0]!.id, ...payload } });
    for (const [payload, field] of [
      [{}, "values"],
      [{ answers: ["texto"] }, "answers"],
      [{ values: { vehicle: "car" } }, "values.seen"],
      [{ values: { seen: "Dos personas", vehicle: "truck" } }, "values.vehicle"],
      [{ values: { seen: "Dos personas", people: 1.5 } }, "values.people"],
      [{ values: { seen: "Dos personas", other: "x" } }, "values.other"],
      [{ values: { seen: "a\u0000b" } }, "values.seen"],
    ] as const) {
      const res = await answer(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldOf(res)?.field).toBe(field);
    }
    // The report is now assigned to another operator: the asker and the assignee are both told.
    const assigned = await w.app.inject({ method: "POST", url: url(w.companyA, `reports/${id}/assign`), headers: h(w.tokens.opA), payload: { userId: w.opA2.id } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const done = await answer({ values: { seen: "Dos personas en moto", vehicle: "bike", people: 2 } });
    expect(done.statusCode, done.body).toBe(200);
    for (const token of [w.tokens.opA, w.tokens.opA2])
      expect(await notificationsOf(token, "gatheringAnswered", id)).toEqual([expect.objectContaining({ actor: null, data: expect.objectContaining({ title: "Testigo" }) })]);
    await waitFor(() => updates.some((g) => g?.isCompleted === true));
    expect(updates.find((g) => g?.isCompleted)).toMatchObject({ answers: null, form: { title: "Testigo" }, formValues: { values: { seen: "Dos personas en moto", vehicle: "bike", people: 2 }, extras: {} } });
    expect(body<{ error: { reason: string } }>(await answer({ values: { seen: "otra vez" } })).error.reason).toBe("gatheringCompleted");
    expect((await report(w.companyA, w.tokens.opA, id))?.gathering?.formValues?.values).toEqual({ seen: "Dos personas en moto", vehicle: "bike", people: 2 });
    // The answers are also one of the form's results: through the app, of the version asked (1, though
    // the template is at 2 now), linked to the report; the refused answers above left none.
    const results = (cid: number, token: string) => w.app.inject({ method: "GET", url: url(cid, `form-submissions?templateId=${formId}`), headers: h(token) });
    type Listed = { submissions: FormSubmission[]; versions: { version: number }[] };
    const listed = body<Listed>(await results(w.companyA, adminA));
    expect(listed.submissions).toEqual([
      expect.objectContaining({ via: "app", version: 1, reportId: id, reportUuid: uuid, values: { seen: "Dos personas en moto", vehicle: "bike", people: 2 }, extras: {}, author: { id: w.author.id, name: expect.any(String) } }),
    ]);
    expect(listed.versions.map((v) => v.version)).toEqual([1]);
    expect((await results(w.companyB, adminB)).statusCode).toBe(404);
    // An anonymous report's reporter stays unnamed among the results.
    const anonymous = await w.app.inject({ method: "POST", url: "/api/app/reports", headers: h(w.tokens.author), payload: { type: ROBBERY, description: "Sin nombre", anonymous: true, ...w.here } });
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    const hidden = body<{ report: { id: number; uuid: string } }>(anonymous).report;
    await take(hidden.id);
    expect((await w.app.inject({ method: "POST", url: url(w.companyA, `reports/${hidden.id}/gathering`), headers: h(w.tokens.opA), payload: { formTemplateId: formId } })).statusCode).toBe(200);
    const asked = body<{ gatherings: { id: number }[] }>(await w.app.inject({ method: "GET", url: `/api/app/reports/${hidden.uuid}/gathering`, headers: h(w.tokens.author) })).gatherings;
    const answered = await w.app.inject({ method: "POST", url: `/api/app/reports/${hidden.uuid}/gathering`, headers: h(w.tokens.author), payload: { gatheringId: asked[0]!.id, values: { other: "Nada más" } } });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(body<Listed>(await results(w.companyA, adminA)).submissions[0]).toMatchObject({ via: "app", version: 2, reportId: hidden.id, author: null, values: { other: "Nada más" } });
    // A company without the forms module cannot ask one.
    await w.db.query("update companies set modules = array_remove(modules, 'forms') where id = $1", [w.companyA]);
    try {
      expect((await w.app.inject({ method: "DELETE", url: url(w.companyA, `reports/${id}/gathering`), headers: h(w.tokens.opA) })).statusCode).toBe(200);
      const off = await start({ formTemplateId: formId });
      expect(off.statusCode).toBe(403);
      expect(body<{ error: { code: string } }>(off).error.code).toBe("moduleDisabled");
    } finally {
      await w.db.query("update companies set modules = array_append(modules, 'forms') where id = $1", [w.companyA]);
    }
  });

  it("refuses a report whose reporter has no app account", async () => {
    const { id } = await w.companyReport();
    await take(id);
    const res = await w.app.inject({ method: "POST", url: url(w.companyA, `reports/${id}/gathering`), headers: h(w.tokens.opA), payload: { questions: [{ text: "¿Hola?" }] } });
    expect(body<{ error: { reason: string } }>(res).error.reason).toBe("noReporter");
  });
});

describe("rating", () => {
  it("only the author, only after closing, once, points 1 to 5; shown on the report live and in the operators dashboard", async () => {
    const { id, uuid } = await w.communityReport();
    const rate = (payload: object, token = w.tokens.author) => w.app.inject({ method: "POST", url: `/api/app/reports/${uuid}/rating`, headers: h(token), payload });
    const open = await rate({ points: 5 });
    expect(open.statusCode).toBe(409);
    expect(body<{ error: { reason: string } }>(open).error.reason).toBe("notClosed");
    await take(id);
    const closed = await w.app.inject({ method: "POST", url: url(w.companyA, `reports/${id}/close`), headers: h(w.tokens.opA), payload: { kind: "solved", comment: "Resuelto" } });
    expect(closed.statusCode, closed.body).toBe(200);
    for (const bad of [{ points: 0 }, { points: 6 }, { points: 4.5 }, { points: "5" }, { points: 3, body: "x\u0001" }, { points: 3, body: "x".repeat(1001) }, {}])
      expect((await rate(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    expect((await rate({ points: 4 }, w.tokens.community[1]!)).statusCode).toBe(404);
    expect((await w.app.inject({ method: "POST", url: `/api/app/reports/${uuid}/rating`, payload: { points: 4 } })).statusCode).toBe(401);
    const updates = await live.collect(w.app, w.tokens.opB, w.companyB, "updateReport", (d) => (d.report as Report).ratingPoints);
    const ok = await rate({ points: 4, body: "Rápidos y amables" });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(body(ok)).toEqual({ success: true, rating: { points: 4, body: "Rápidos y amables", reportUuid: uuid, reportId: id, reportType: 0 } });
    await waitFor(() => updates.includes(4));
    expect(await report(w.companyA, w.tokens.opA, id)).toMatchObject({ ratingPoints: 4, ratingBody: "Rápidos y amables" });
    expect(body<{ error: { reason: string } }>(await rate({ points: 1 })).error.reason).toBe("alreadyRated");
    const dash = body<{ operators: { user_id: number; rating: { count: number; average: number | null } }[] }>(
      await w.app.inject({ method: "GET", url: url(w.companyA, "dashboard/operators?period=1"), headers: h(adminA) }),
    );
    const me = dash.operators.find((o) => o.user_id === w.opA.id);
    expect(me?.rating.count).toBeGreaterThanOrEqual(1);
    expect(me?.rating.average).toBeGreaterThanOrEqual(1);
    expect(me?.rating.average).toBeLessThanOrEqual(5);
  });
});

describe("substatuses", () => {
  it("company admins keep the list (unique names, bounds); a taken report carries one; another company's id is 404", async () => {
    const post = (payload: object, token = adminA) => w.app.inject({ method: "POST", url: url(w.companyA, "substatuses"), headers: h(token), payload });
    expect((await post({ name: "Derivado" }, w.tokens.opA)).statusCode).toBe(403);
    const created = body<{ substatus: Substatus }>(await post({ name: "Derivado a Carabineros" })).substatus;
    const waiting = body<{ substatus: Substatus }>(await post({ name: "En espera de vecino" })).substatus;
    const dup = await post({ name: "derivado a carabineros" });
    expect(dup.statusCode).toBe(409);
    expect(body<{ error: { reason: string } }>(dup).error.reason).toBe("substatusNameTaken");
    for (const bad of [{ name: "" }, { name: "a\tb" }, { name: "x".repeat(61) }, { name: 3 }, { name: "ok", position: -1 }, { name: "ok", position: 2_000_000 }])
      expect((await post(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    const listChanges = await live.collect(w.app, w.tokens.opA2, w.companyA, "substatuses", (d) => d);
    const renamed = await w.app.inject({ method: "PUT", url: url(w.companyA, `substatuses/${waiting.id}`), headers: h(adminA), payload: { name: "En espera" } });
    expect(body<{ substatus: Substatus }>(renamed).substatus.name).toBe("En espera");
    // Open panels hear of it and read the new name.
    await waitFor(() => listChanges.some((d) => d.id === waiting.id && d.name === "En espera" && d.deleted === false));
    const list = body<{ substatuses: Substatus[] }>(await w.app.inject({ method: "GET", url: url(w.companyA, "substatuses"), headers: h(w.tokens.opA) })).substatuses;
    expect(list.map((s) => s.name)).toEqual(["Derivado a Carabineros", "En espera"]);
    // The settings screen's list is the same one.
    const settings = body<{ settings: { substatuses: string[] } }>(await w.app.inject({ method: "GET", url: url(w.companyA, "settings"), headers: h(adminA) }));
    expect(settings.settings.substatuses).toEqual(["Derivado a Carabineros", "En espera"]);

    const { id } = await w.communityReport();
    const put = (payload: object, cid = w.companyA, token = w.tokens.opA) => w.app.inject({ method: "PUT", url: url(cid, `reports/${id}`), headers: h(token), payload });
    expect(body<{ error: { reason: string } }>(await put({ substatusId: created.id })).error.reason).toBe("notTaken");
    await take(id);
    const updates = await live.collect(w.app, w.tokens.opA2, w.companyA, "updateReport", (d) => (d.report as Report).substatus);
    const set = await put({ substatusId: created.id });
    expect(set.statusCode, set.body).toBe(200);
    expect(body<{ report: Report }>(set).report.substatus).toEqual({ id: created.id, name: "Derivado a Carabineros" });
    await waitFor(() => updates.some((s) => s?.id === created.id));
    // B's substatus on A's report, and B's own attention (not taken) ignore A's list.
    const other = body<{ substatus: Substatus }>(
      await w.app.inject({ method: "POST", url: url(w.companyB, "substatuses"), headers: h(await loginAs(w.app, await buildUser(w.db, { companyId: w.companyB, role: "company_admin" }))), payload: { name: "De B" } }),
    ).substatus;
    expect((await put({ substatusId: other.id })).statusCode).toBe(400);
    expect((await put({ substatusId: 0 })).statusCode).toBe(400);
    expect((await put({ substatusId: "1" })).statusCode).toBe(400);
    expect((await w.app.inject({ method: "PUT", url: url(w.companyA, `substatuses/${other.id}`), headers: h(adminA), payload: { name: "Mío" } })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "DELETE", url: url(w.companyA, `substatuses/${other.id}`), headers: h(adminA) })).statusCode).toBe(404);
    // Renaming it renames it on the report; deleting it from the list leaves it on the report (live to
    // open panels), and it can no longer be set.
    expect((await w.app.inject({ method: "PUT", url: url(w.companyA, `substatuses/${created.id}`), headers: h(adminA), payload: { name: "Derivado" } })).statusCode).toBe(200);
    expect((await report(w.companyA, w.tokens.opA, id))?.substatus).toEqual({ id: created.id, name: "Derivado" });
    expect((await w.app.inject({ method: "DELETE", url: url(w.companyA, `substatuses/${created.id}`), headers: h(adminA) })).statusCode).toBe(200);
    await waitFor(() => listChanges.some((d) => d.id === created.id && d.deleted === true));
    expect((await report(w.companyA, w.tokens.opA, id))?.substatus?.name).toBe("Derivado");
    expect((await w.app.inject({ method: "DELETE", url: url(w.companyA, `substatuses/${created.id}`), headers: h(adminA) })).statusCode).toBe(404);
    const cleared = await put({ substatusId: null });
    expect(body<{ report: Report }>(cleared).report.substatus).toBeNull();
    expect((await put({ substatusId: created.id })).statusCode).toBe(400);
  });
});
