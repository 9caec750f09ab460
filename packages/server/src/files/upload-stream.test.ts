import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comment } from "@atalaya/shared";
import { body } from "../test/harness.js";
import { h, interactionWorld, type World } from "../test/interactions.js";
import { multipart, PDF } from "../test/sample-files.js";
import { waitFor } from "../test/wait-for.js";
import { uploadLimitsOf } from "./upload.js";

// Uploads (issue 14): streamed to a temporary file while counted (never held whole in memory), at most
// MAX_CONCURRENT_UPLOADS read at a time per process (503 tooManyUploads with Retry-After beyond), the
// temporary file gone once the request ends, and a sent file name keeps no bidirectional controls.
let w: World;
beforeAll(async () => {
  w = await interactionWorld({ MAX_CONCURRENT_UPLOADS: "1", MAX_UPLOAD_MB: "1" });
});
afterAll(() => w.close());

const commentsUrl = (reportId: number) => `/api/companies/${w.companyA}/reports/${reportId}/comments`;
const incoming = () => readdir(join(w.dataDir, "files", ".incoming")).catch(() => [] as string[]);

describe("uploads", () => {
  it("past the per-process cap, a further upload is turned away with 503 tooManyUploads and Retry-After", async () => {
    const r = await w.communityReport();
    const form = multipart({ body: "Adjunto lento" }, [{ filename: "informe.pdf", data: PDF }]);
    // The first upload arrives slowly: its head now, the rest later.
    const slow = new PassThrough();
    const first = w.app.inject({ method: "POST", url: commentsUrl(r.id), headers: { ...h(w.tokens.opA), ...form.headers }, payload: slow });
    slow.write(form.payload.subarray(0, 200));
    const gate = uploadLimitsOf(w.app.ctx.config).gate;
    await waitFor(() => gate.inUse === 1);
    const second = multipart({ body: "Otro adjunto" }, [{ filename: "otro.pdf", data: PDF }]);
    const refused = await w.app.inject({ method: "POST", url: commentsUrl(r.id), headers: { ...h(w.tokens.opA), ...second.headers, "accept-language": "en" }, payload: second.payload });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["retry-after"]).toBe("5");
    expect(body(refused)).toMatchObject({ success: false, error: { code: "tooManyUploads", message: expect.stringContaining("Wait 5 seconds") } });
    // The slow one finishes and is stored; the slot is free again and nothing is left in .incoming.
    slow.end(form.payload.subarray(200));
    const done = await first;
    expect(done.statusCode, done.body).toBe(200);
    await waitFor(() => gate.inUse === 0);
    const again = await w.app.inject({ method: "POST", url: commentsUrl(r.id), headers: { ...h(w.tokens.opA), ...second.headers }, payload: second.payload });
    expect(again.statusCode, again.body).toBe(200);
    await waitFor(async () => (await incoming()).length === 0);
  });

  it("a file over the limit is refused with fileTooLarge and leaves no temporary file", async () => {
    const r = await w.communityReport();
    const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const form = multipart({ body: "Demasiado grande" }, [{ filename: "grande.pdf", data: big }]);
    const res = await w.app.inject({ method: "POST", url: commentsUrl(r.id), headers: { ...h(w.tokens.opA), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ error: { code: "fileTooLarge" } });
    await waitFor(async () => (await incoming()).length === 0);
  });

  it("keeps no bidirectional control character in the stored name shown to others", async () => {
    const r = await w.communityReport();
    const form = multipart({ body: "Nombre engañoso" }, [{ filename: "factura\u202Efdp.exe", data: PDF }]);
    const res = await w.app.inject({ method: "POST", url: commentsUrl(r.id), headers: { ...h(w.tokens.opA), ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(200);
    const [media] = body<{ comment: Comment }>(res).comment.media;
    expect(media?.originalName).toBe("facturafdp.exe");
    const file = await w.app.inject({ method: "GET", url: media!.url, headers: h(w.tokens.opA) });
    expect(file.headers["content-disposition"]).toMatch(/^attachment; /);
    expect(file.headers["content-disposition"]).not.toMatch(/%E2%80%AE/i);
  });
});

// Issue 14, case 5: a multipart request without a boundary (or cut short) answered 500 on the upload
// routes; each must be a 400 with a field code, and leave no slot taken nor temporary file behind.
describe("malformed multipart", () => {
  it("without a boundary, with an empty boundary, or cut short: 400 with a code on every upload route, nothing left behind", async () => {
    const r = await w.communityReport();
    await w.app.inject({ method: "POST", url: `/api/companies/${w.companyA}/reports/${r.id}/take`, headers: h(w.tokens.opA) });
    const base = `/api/companies/${w.companyA}/reports/${r.id}`;
    const routes: [string, string][] = [
      [`${base}/comments`, w.tokens.opA],
      [`${base}/notes`, w.tokens.opA],
      [`${base}/images`, w.tokens.opA],
      [`/api/app/reports/${r.uuid}/comments`, w.tokens.author],
      [`/api/app/reports/${r.uuid}/media`, w.tokens.author],
    ];
    const whole = multipart({ body: "Adjunto" }, [{ filename: "informe.pdf", data: PDF }]);
    const bodies: [string, string | Buffer][] = [
      ["multipart/form-data", whole.payload],
      ["multipart/form-data; boundary=", whole.payload],
      ["multipart/form-data; boundary=\"\"", "--\r\n"],
      [whole.headers["content-type"]!, whole.payload.subarray(0, whole.payload.length - 60)],
      [whole.headers["content-type"]!, "sin partes"],
    ];
    for (const [url, token] of routes)
      for (const [type, payload] of bodies) {
        const res = await w.app.inject({ method: "POST", url, headers: { ...h(token), "content-type": type }, payload });
        expect(res.statusCode, `${url} ${type} ${res.body.slice(0, 120)}`).toBe(400);
        expect(body<{ error: { code: string } }>(res).error.code, url).toMatch(/^[a-zA-Z]+$/);
      }
    expect(uploadLimitsOf(w.app.ctx.config).gate.inUse).toBe(0);
    await waitFor(async () => expect(await incoming()).toEqual([]));
  });
});
