import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comment } from "@atalaya/shared";
import { body, testApp } from "../test/harness.js";
import { h, interactionWorld, type World } from "../test/interactions.js";
import { startS3Server, type TestS3Server } from "../test/s3-server.js";
import { multipart, PDF } from "../test/sample-files.js";
import { waitFor } from "../test/wait-for.js";

// Uploads and downloads through the routes with the S3 kind of the file store (issue 34): a file
// uploaded through one process is read through another that shares only the bucket, and a bucket that
// cannot be reached answers 503 fileStoreUnavailable in the user's language with nothing written.
let root: string;
let s3: TestS3Server;
let w: World;
let other: FastifyInstance;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "atalaya-s3-routes-"));
  s3 = await startS3Server(join(root, "s3"));
  w = await interactionWorld(s3.env("files"));
  // A second process: its own data directory, the same database and bucket.
  other = await testApp({ ATALAYA_DATA_DIR: join(root, "other"), ...s3.env("files") });
});
afterAll(async () => {
  await other?.close();
  await w?.close();
  await s3?.stop();
  await rm(root, { recursive: true, force: true });
});

const commentsUrl = (reportId: number) => `/api/companies/${w.companyA}/reports/${reportId}/comments`;
const incoming = () => readdir(join(w.dataDir, "files", ".incoming")).catch(() => [] as string[]);
const bucketObjects = async () =>
  (await readdir(join(root, "s3", s3.bucket, "files")).catch(() => [] as string[])).filter((n) => n.endsWith("._S3rver_object"));

async function comment(reportId: number, text: string, lang = "es") {
  const form = multipart({ body: text }, [{ filename: "informe.pdf", data: PDF }]);
  return w.app.inject({ method: "POST", url: commentsUrl(reportId), headers: { ...h(w.tokens.opA), ...form.headers, "accept-language": lang }, payload: form.payload });
}

describe("the S3 file store through the routes", () => {
  it("stores an upload in the bucket, not on the process's disk, and another process serves it", async () => {
    const r = await w.communityReport();
    const res = await comment(r.id, "Informe en el bucket");
    expect(res.statusCode, res.body).toBe(200);
    const { name, size } = body<{ comment: Comment }>(res).comment.media[0]!;
    expect(size).toBe(PDF.length);
    expect(await w.filesOnDisk()).toEqual([]);
    expect(await bucketObjects()).toContain(`${name}._S3rver_object`);
    await waitFor(async () => (await incoming()).length === 0);
    for (const app of [w.app, other]) {
      const file = await app.inject({ method: "GET", url: `/api/files/${name}`, headers: h(w.tokens.opA) });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("application/pdf");
      expect(file.headers["content-length"]).toBe(String(PDF.length));
      expect(file.rawPayload.equals(PDF)).toBe(true);
    }
    // Unknown names are still 404 without asking the bucket twice.
    expect((await other.inject({ method: "GET", url: "/api/files/20260101T000000000Z-abcdef.pdf", headers: h(w.tokens.opA) })).statusCode).toBe(404);
  });

  it("answers 503 fileStoreUnavailable in the user's language while the bucket is down, writes nothing, and works again after", async () => {
    const r = await w.communityReport();
    const before = await comment(r.id, "Guardado antes del corte");
    const kept = body<{ comment: Comment }>(before).comment.media[0]!.name;
    const rows = async () => Number((await w.db.query<{ n: string }>("select count(*) as n from stored_files where report_id = $1", [r.id]))[0]!.n);
    await s3.stop();
    try {
      const refused = await comment(r.id, "Durante el corte", "en");
      expect(refused.statusCode).toBe(503);
      expect(refused.headers["retry-after"]).toBe("5");
      expect(body(refused)).toMatchObject({ success: false, error: { code: "fileStoreUnavailable", message: "Files cannot be reached right now; nothing was saved. Try again in 5 seconds." } });
      const french = await comment(r.id, "Durante el corte", "fr");
      expect(body(french)).toMatchObject({ error: { code: "fileStoreUnavailable", message: expect.stringContaining("Réessayez dans 5 secondes") } });
      const read = await w.app.inject({ method: "GET", url: `/api/files/${kept}`, headers: { ...h(w.tokens.opA), "accept-language": "es" } });
      expect(read.statusCode).toBe(503);
      expect(body(read)).toMatchObject({ error: { code: "fileStoreUnavailable", message: expect.stringContaining("no se guardó nada") } });
      // No comment, no row pointing at a missing file, no temporary file left.
      const listed = await w.app.inject({ method: "GET", url: commentsUrl(r.id), headers: h(w.tokens.opA) });
      expect(body<{ comments: Comment[] }>(listed).comments.map((c) => c.body)).toEqual(["Guardado antes del corte"]);
      expect(await rows()).toBe(1);
      await waitFor(async () => (await incoming()).length === 0);
    } finally {
      await s3.start();
    }
    // Back by itself: the same process reads and stores again.
    expect((await w.app.inject({ method: "GET", url: `/api/files/${kept}`, headers: h(w.tokens.opA) })).statusCode).toBe(200);
    expect((await comment(r.id, "Después del corte")).statusCode).toBe(200);
    expect(await rows()).toBe(2);
  });
});
