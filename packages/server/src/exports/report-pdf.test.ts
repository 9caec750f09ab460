import { describe, expect, it } from "vitest";
import type { Report } from "@atalaya/shared";
import { hasPdftotext, pdftotext } from "../test/tools.js";
import { pdfText, renderReportPdf, type ReportPdfData } from "./report-pdf.js";

const report = {
  id: 77, uuid: "0b6f1c1e-2d7c-4a59-9a57-7b8f0c5e1a01", company_id: 1, status: "solved", displayStatus: "solved", closingKind: "repeated",
  repeatedOf: 12, type: 21, initialType: 21, title: null, description: "Árbol caído bloquea la vereda ✅ — «urgente»", priority: "highest",
  observations: null, datetimeTtl: null, dueDate: null, reportFollowupId: 1, latitude: -33.45, longitude: -70.65, address: null,
  timezone: "America/Santiago", zones: [], filesMedia: [], likes: 0, dislikes: 0, abuseCounter: 0, commentsCount: 0, notesCount: 0, isAnonymous: false,
  isPrivate: true, stolenPlate: null, isCreatedByCompany: true, informerType: "user", contact: { phone: "+56 9 8765 4321", firstName: "Ana", lastName: "Pérez", email: null }, source: "portal",
  user: null, notifyNeighbours: false, notificationNeighboursWasCanceled: false, assignedUser: null, assignedTeam: null, assignedPatrol: null,
  operatorWhoClosedReport: { id: 1, uuid: "u", name: "Op Uno", email: null, cover: null }, closedAt: "2026-01-02T03:04:05.000Z",
  userFollowerIds: [], tags: [], tagsUuids: [], deletedAt: null, deletedBy: null, createdAt: "2026-01-01T12:00:00.000Z",
  updatedAt: "2026-01-02T03:04:05.000Z", version: 3,
  can: { take: false, work: false, close: false, comment: true, note: true, assign: false, makePrivate: false, changeAddress: false, delete: false },
  substatus: null, review: null, gathering: null, ratingPoints: null, ratingBody: null,
  highlighted: false, turnOffComments: false, countdown: null, edited: false, premiumUser: false, subscription: null,
  workflow: null, sectionsUsers: {}, optionalCode: null, extraInfo: null,
  eventId: 77, datetime_ttl: null, report_followup_id: 1, isOpen: false, confirmed: false, visible: true, categoryId: 3, code: "0b6f1c1e",
  shareUrl: null, sharesCounter: 0, imageUrl: null, location: { type: "Point", coordinates: [-70.65, -33.45] }, userId: null, name: "Ana Pérez",
  phone: "+56 9 8765 4321", teams: [], userWhoClosedReport: { id: 1, uuid: "u", name: "Op Uno", email: null, cover: null },
} satisfies Report;

const data = (over: Partial<ReportPdfData> = {}): ReportPdfData => ({
  companyName: "Vecinos Unidos", timezone: "Not/AZone", report, zones: [], comments: [], notes: [],
  activity: [{ action: "closed", actor: "Op Uno", data: { kind: "repeated", repeatedOf: 12 }, createdAt: new Date("2026-01-02T03:04:05Z") }],
  generatedBy: "Op Uno", generatedAt: new Date("2026-01-03T10:00:00Z"), ...over,
});
const text = pdftotext;

describe("pdfText", () => {
  it("keeps every letter and symbol the embedded font has, drops emoji and joiners", () => {
    expect(pdfText("Ñuñoa — «sí» €5 😀👍🏽✅ Ωλ → №3 é\u200d\r\n\tx")).toBe("Ñuñoa — «sí» €5  Ωλ → №3 é\n x");
  });
});

describe("renderReportPdf", () => {
  it.skipIf(!hasPdftotext)("renders without zones, with an unknown time zone and in English, page after page", async () => {
    const long = Array.from({ length: 60 }, (_, i) => ({ author: `Vecino ${i}`, body: `Comentario número ${i} `.repeat(8), createdAt: new Date(), isOperator: i % 3 === 0 }));
    const pdf = await renderReportPdf(data({ comments: long }), "en", { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const t = text(pdf);
    for (const s of ["Vecinos Unidos", "Report #77", "Trash", "la vereda — «urgente»", "Closed", "Highest", "Repeat of #12", "Comentario número 59", "Ana Pérez · +56 9 8765 4321"]) expect(t).toContain(s);
    expect(t).toMatch(/Page 3 of \d/);
  });

  it.skipIf(!hasPdftotext)("shows the organisation's long name in full, the tags, and letters beyond Latin-1", async () => {
    const companyName = "Corporación Municipal de Seguridad Ciudadana y Emergencias de Ñuñoa";
    const tagged = { ...report, tags: [{ id: 1, uuid: "t1", name: "Urgente", color: "#f00" }, { id: 2, uuid: "t2", name: "Vía pública", color: "#00f" }] };
    const t = text(await renderReportPdf(data({ companyName, report: tagged, comments: [{ author: "Ольга", body: "Ωμέγα → №3 ok", createdAt: new Date(), isOperator: false }] }), "es"));
    expect(t.replace(/\s+/g, " ")).toContain(companyName);
    expect(t).toContain("Urgente, Vía pública");
    expect(t).toContain("Ωμέγα → №3 ok");
    expect(t).toContain("Ольга");
  });

  it.skipIf(!hasPdftotext)("labels Spanish and French", async () => {
    expect(text(await renderReportPdf(data(), "es"))).toContain("Registro de actividad");
    expect(text(await renderReportPdf(data(), "fr"))).toContain("Journal d'activité");
  });
});
