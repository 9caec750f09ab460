import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Media, SettingsResponse } from "@atalaya/shared";
import { body, buildUser, loginAs } from "../test/harness.js";
import { h, interactionWorld, type World } from "../test/interactions.js";
import { JPEG, multipart, PDF, PNG } from "../test/sample-files.js";

// The report detail's photos field (SPEC §5 image uploads, §8 image upload errors): JPEG or PNG only,
// the size limit and a configurable maximum count, refused by the server as by the portal.

type Err = { error: { code: string; message: string; fields?: { field: string; code: string }[] } };

let w: World;
// MAX_REPORT_IMAGES=2 and a small size limit: both limits are reached with few, small files.
beforeAll(async () => {
  w = await interactionWorld({ MAX_REPORT_IMAGES: "2", MAX_UPLOAD_MB: "0.05" });
});
afterAll(() => w.close());

const url = (companyId: number, reportId: number) => `/api/companies/${companyId}/reports/${reportId}/images`;
function send(token: string, companyId: number, reportId: number, file: { filename: string; data: Buffer; type?: string }, lang = "es") {
  const f = multipart({}, [file]);
  return w.app.inject({ method: "POST", url: url(companyId, reportId), headers: { ...h(token), ...f.headers, "accept-language": lang }, payload: f.payload });
}
async function takenReport(): Promise<number> {
  const r = await w.communityReport();
  const take = await w.app.inject({ method: "POST", url: `/api/companies/${w.companyA}/reports/${r.id}/take`, headers: h(w.tokens.opA) });
  expect(take.statusCode, take.body).toBe(200);
  return r.id;
}

describe("POST /api/companies/{cid}/reports/{id}/images", () => {
  it("401 without a session; 404 for another company's report or id; 403 for a patrol; 409 before the report is taken", async () => {
    const id = await takenReport();
    const png = { filename: "foto.png", data: PNG, type: "image/png" };
    const f = multipart({}, [png]);
    expect((await w.app.inject({ method: "POST", url: url(w.companyA, id), headers: f.headers, payload: f.payload })).statusCode).toBe(401);
    // C does not attend it; B's operator under A's id is not a member of A.
    expect((await send(w.tokens.opC, w.companyC, id, png)).statusCode).toBe(404);
    expect((await send(w.tokens.opB, w.companyA, id, png)).statusCode).toBe(404);
    expect((await send(w.tokens.opA, w.companyA, 2147483647, png)).statusCode).toBe(404);
    expect((await send(w.tokens.opA, w.companyA, 2147483648 as number, png)).statusCode).toBe(400);
    const patrol = await loginAs(w.app, await buildUser(w.db, { companyId: w.companyA, role: "patrol" }));
    expect((await send(patrol, w.companyA, id, png)).statusCode).toBe(403);
    const pending = await w.communityReport();
    const notTaken = await send(w.tokens.opA, w.companyA, pending.id, png);
    expect(notTaken.statusCode).toBe(409);
    expect(body<Err>(notTaken).error.code).toBe("invalidTransition");
    expect(await w.db.query("select jsonb_array_length(media) as n from reports where id = $1", [id])).toEqual([{ n: 0 }]);
  });

  it("refuses what is not a JPEG or PNG by content (wrong type), in es/en/fr, and writes nothing", async () => {
    const id = await takenReport();
    const before = await w.filesOnDisk();
    const cases = [
      { filename: "informe.pdf", data: PDF, type: "application/pdf" },
      { filename: "foto.png", data: PDF, type: "image/png" }, // a PDF named and typed as a PNG
      { filename: "foto.gif", data: Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), type: "image/gif" },
    ];
    const texts = {
      es: "Este tipo de archivo no está permitido. Tipos permitidos: jpeg, png",
      en: "This file type is not allowed. Allowed types: jpeg, png",
      fr: "Ce type de fichier n'est pas autorisé. Types autorisés : jpeg, png",
    };
    for (const file of cases)
      for (const [lang, message] of Object.entries(texts)) {
        const res = await send(w.tokens.opA, w.companyA, id, file, lang);
        expect(res.statusCode, `${file.filename} ${lang}`).toBe(400);
        expect(body<Err>(res).error).toEqual({ code: "invalidFileType", message, fields: [{ field: "file", code: "invalidFileType" }] });
      }
    const none = await w.app.inject({ method: "POST", url: url(w.companyA, id), headers: { ...h(w.tokens.opA), "content-type": "application/json" }, payload: {} });
    expect(none.statusCode).toBe(400);
    expect(await w.filesOnDisk()).toEqual(before);
  });

  it("refuses an image over MAX_UPLOAD_MB (too big) naming the limit in es/en/fr", async () => {
    const id = await takenReport();
    const big = { filename: "grande.png", data: Buffer.concat([PNG, Buffer.alloc(60 * 1024)]), type: "image/png" };
    const texts = { es: "El archivo es demasiado grande (máximo 0.05 MB)", en: "The file is too big (maximum 0.05 MB)", fr: "Le fichier est trop volumineux (maximum 0.05 Mo)" };
    for (const [lang, message] of Object.entries(texts)) {
      const res = await send(w.tokens.opA, w.companyA, id, big, lang);
      expect(res.statusCode).toBe(400);
      expect(body<Err>(res).error).toMatchObject({ code: "fileTooLarge", message });
    }
  });

  it("adds JPEG and PNG images up to MAX_REPORT_IMAGES, tells every attending company, then refuses more (tooManyImages) in es/en/fr", async () => {
    const id = await takenReport();
    const seqA = await w.lastSeq(w.companyA);
    const seqB = await w.lastSeq(w.companyB);
    const first = await send(w.tokens.opA, w.companyA, id, { filename: "camara.jpg", data: JPEG, type: "image/jpeg" });
    expect(first.statusCode, first.body).toBe(200);
    const second = await send(w.tokens.opA2, w.companyA, id, { filename: "frente.png", data: PNG, type: "image/png" });
    expect(second.statusCode, second.body).toBe(200);
    const media = body<{ media: Media[] }>(second).media;
    expect(media).toEqual([
      expect.objectContaining({ mime: "image/jpeg", originalName: "camara.jpg", status: "ready" }),
      expect.objectContaining({ mime: "image/png", originalName: "frente.png", status: "ready" }),
    ]);
    for (const [company, seq] of [[w.companyA, seqA], [w.companyB, seqB]] as const) {
      const events = (await w.eventsAfter(company, seq, id)).filter((e) => e.type === "mediaStatus");
      expect(events).toHaveLength(2);
      expect(await w.activity(company, id)).toContain("media_added");
    }
    // B's operators see the image too.
    expect((await w.app.inject({ method: "GET", url: media[1]!.url, headers: h(w.tokens.opB) })).statusCode).toBe(200);

    const texts = { es: "Este reporte ya tiene el máximo de 2 imágenes", en: "This report already has the maximum of 2 images", fr: "Ce signalement a déjà le maximum de 2 images" };
    for (const [lang, message] of Object.entries(texts)) {
      const third = await send(w.tokens.opA, w.companyA, id, { filename: "otra.png", data: PNG, type: "image/png" }, lang);
      expect(third.statusCode).toBe(400);
      expect(body<Err>(third).error).toEqual({ code: "tooManyImages", message, fields: [{ field: "file", code: "tooManyImages" }] });
    }
    expect(await w.db.query("select jsonb_array_length(media) as n from reports where id = $1", [id])).toEqual([{ n: 2 }]);
  });

  it("the settings tell the portal the limits it shows beside the field", async () => {
    const settings = body<SettingsResponse>(await w.app.inject({ method: "GET", url: `/api/settings?companyId=${w.companyA}`, headers: h(w.tokens.opA) }));
    expect(settings.uploads).toEqual({ maxMb: 0.05, maxReportImages: 2 });
  });
});
