import { readdir } from "node:fs/promises";
import { request, type IncomingMessage } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { h, interactionWorld, type World } from "../test/interactions.js";
import { multipart, PDF } from "../test/sample-files.js";
import { waitFor } from "../test/wait-for.js";
import { uploadLimitsOf } from "./upload.js";

// Issue 32: a multipart body sent at 1 KB every 500 ms was never answered, and eight of them held every
// upload slot of a process. Now a body that brings no byte for UPLOAD_STALL_MS, or less than
// UPLOAD_MIN_BYTES_PER_SECOND over such a span, is answered 408 uploadTooSlow: its temporary file goes
// and its slot is free. Small values here (300 ms, 20 KB/s), a real listening server and a real client.
let w: World;
let port: number;
beforeAll(async () => {
  w = await interactionWorld({ MAX_CONCURRENT_UPLOADS: "1", UPLOAD_STALL_MS: "300", UPLOAD_MIN_BYTES_PER_SECOND: "20000" });
  await w.app.listen({ port: 0, host: "127.0.0.1" });
  port = (w.app.server.address() as { port: number }).port;
});
afterAll(() => w.close());

const incoming = () => readdir(join(w.dataDir, "files", ".incoming")).catch(() => [] as string[]);

/** Sends a comment with a file over a real connection: the head of the body at once, then `rest` as
 * it says (all at once, or in pieces with pauses); resolves with the answer, its body and when it came. */
async function send(reportId: number, rest: "atOnce" | { piece: number; everyMs: number } | "never") {
  const form = multipart({ body: "Adjunto" }, [{ filename: "informe.pdf", data: Buffer.concat([PDF, Buffer.alloc(64 * 1024, 0x20)]) }]);
  const started = performance.now();
  const req = request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: `/api/companies/${w.companyA}/reports/${reportId}/comments`,
    headers: { ...h(w.tokens.opA), ...form.headers, "content-length": String(form.payload.length), "accept-language": "en" },
  });
  const answered = new Promise<{ res: IncomingMessage; text: string; ms: number }>((resolve, reject) => {
    req.once("response", (res) => {
      let text = "";
      res.on("data", (c: Buffer) => (text += String(c)));
      res.once("end", () => resolve({ res, text, ms: performance.now() - started }));
    });
    req.once("error", reject);
  });
  req.write(form.payload.subarray(0, 400));
  let timer: NodeJS.Timeout | undefined;
  if (rest === "atOnce") req.end(form.payload.subarray(400));
  else if (rest !== "never") {
    let at = 400;
    timer = setInterval(() => {
      if (req.destroyed) return clearInterval(timer);
      req.write(form.payload.subarray(at, (at += rest.piece)));
      if (at >= form.payload.length) {
        clearInterval(timer);
        req.end();
      }
    }, rest.everyMs);
  }
  try {
    return await answered;
  } finally {
    clearInterval(timer);
    req.destroy();
  }
}

describe("slow uploads", () => {
  it("a stalled body is answered 408 uploadTooSlow, leaves no temporary file and frees its slot", async () => {
    const r = await w.communityReport();
    const gate = uploadLimitsOf(w.app.ctx.config).gate;
    const stalled = await send(r.id, "never");
    expect(stalled.res.statusCode).toBe(408);
    expect(JSON.parse(stalled.text)).toMatchObject({ success: false, error: { code: "uploadTooSlow", message: expect.stringContaining("too slowly") } });
    expect(stalled.res.headers.connection).toBe("close");
    // Stall (300 ms) plus at most one sampling step (60 ms) and the answer.
    expect(stalled.ms).toBeGreaterThanOrEqual(300);
    expect(stalled.ms).toBeLessThan(1000);
    await waitFor(() => gate.inUse === 0);
    await waitFor(async () => (await incoming()).length === 0);
    // The one slot (MAX_CONCURRENT_UPLOADS=1) is free: the next upload is stored.
    const next = await send(r.id, "atOnce");
    expect(next.res.statusCode, next.text).toBe(200);
  });

  it("a body crawling below the minimum rate is answered 408 too, and one at a good pace is not", async () => {
    const r = await w.communityReport();
    const gate = uploadLimitsOf(w.app.ctx.config).gate;
    // 500 bytes every 50 ms: 10 KB/s, never stalled, under the 20 KB/s minimum.
    const crawling = await send(r.id, { piece: 500, everyMs: 50 });
    expect(crawling.res.statusCode).toBe(408);
    expect(JSON.parse(crawling.text)).toMatchObject({ error: { code: "uploadTooSlow" } });
    expect(crawling.ms).toBeLessThan(1500);
    await waitFor(() => gate.inUse === 0);
    await waitFor(async () => (await incoming()).length === 0);
    // 8 KB every 50 ms (160 KB/s): slow enough to be watched over several spans, fast enough to pass.
    const steady = await send(r.id, { piece: 8 * 1024, everyMs: 50 });
    expect(steady.res.statusCode, steady.text).toBe(200);
    expect(steady.ms).toBeGreaterThan(300);
  });
});
