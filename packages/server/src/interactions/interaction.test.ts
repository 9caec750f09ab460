import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comment, GalleryItem, Note, Person } from "@atalaya/shared";
import { body } from "../test/harness.js";
import { h, interactionWorld, type World } from "../test/interactions.js";
import { mp3, multipart, PDF, PNG, wav } from "../test/sample-files.js";

let w: World;
beforeAll(async () => {
  w = await interactionWorld();
});
afterAll(() => w.close());

const url = (companyId: number, reportId: number | string, rest: string) => `/api/companies/${companyId}/reports/${reportId}/${rest}`;
type Err = { error: { code: string; message: string; fields?: { field: string; code: string }[] } };

describe("comments", () => {
  it("401 without a token, 404 for another company or a report it does not attend, 400 for bad input", async () => {
    const r = await w.communityReport();
    const own = await w.companyReport();
    for (const method of ["GET", "POST"] as const) {
      expect((await w.app.inject({ method, url: url(w.companyA, r.id, "comments"), payload: { body: "x" } })).statusCode).toBe(401);
      expect((await w.app.inject({ method, url: url(w.companyA, r.id, "comments"), headers: h(w.tokens.opC), payload: { body: "x" } })).statusCode).toBe(404);
      expect((await w.app.inject({ method, url: url(w.companyC, r.id, "comments"), headers: h(w.tokens.opC), payload: { body: "x" } })).statusCode).toBe(404);
      expect((await w.app.inject({ method, url: url(w.companyB, own.id, "comments"), headers: h(w.tokens.opB), payload: { body: "x" } })).statusCode).toBe(404);
      expect((await w.app.inject({ method, url: url(w.companyA, "abc", "comments"), headers: h(w.tokens.opA), payload: { body: "x" } })).statusCode).toBe(400);
    }
    for (const payload of [{}, { body: "   " }, { body: "x".repeat(4001) }, { body: 5 }]) {
      const res = await w.app.inject({ method: "POST", url: url(w.companyA, r.id, "comments"), headers: h(w.tokens.opA), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body<Err>(res).error).toMatchObject({ code: "validation", fields: [{ field: "body" }] });
    }
  });

  it("adds an operator's comment once, logs it and sends newComment to every attending company", async () => {
    const r = await w.communityReport();
    const [seqA, seqB] = [await w.lastSeq(w.companyA), await w.lastSeq(w.companyB)];
    const res = await w.app.inject({ method: "POST", url: url(w.companyA, r.id, "comments"), headers: h(w.tokens.opA), payload: { body: "  Patrulla en camino " } });
    expect(res.statusCode, res.body).toBe(200);
    const { comment, created } = body<{ comment: Comment; created: boolean }>(res);
    expect(created).toBe(true);
    expect(comment).toMatchObject({ body: "Patrulla en camino", report_id: r.id, report_uuid: r.uuid, isOperator: true, isAuthor: false, hidden: false, company_id: w.companyA, user: { id: w.opA.id }, media: [] });

    const evA = await w.eventsAfter(w.companyA, seqA, r.id);
    const evB = await w.eventsAfter(w.companyB, seqB, r.id);
    expect(evA).toEqual([{ type: "newComment", data: { reportId: r.id, comment: expect.objectContaining({ id: comment.id, isOperator: true }) } }]);
    expect(evB).toEqual([{ type: "newComment", data: { reportId: r.id, comment: expect.objectContaining({ id: comment.id, isOperator: false }) } }]);
    expect(await w.activity(w.companyA, r.id)).toContain("commented");
    expect(await w.activity(w.companyB, r.id)).toContain("commented");

    const fromB = await w.app.inject({ method: "GET", url: url(w.companyB, r.id, "comments"), headers: h(w.tokens.opB) });
    expect(body<{ comments: Comment[] }>(fromB).comments).toEqual([expect.objectContaining({ id: comment.id, isOperator: false, companyName: expect.any(String) })]);
    const report = await w.app.inject({ method: "GET", url: `/api/companies/${w.companyB}/reports/${r.id}`, headers: h(w.tokens.opB) });
    expect(body<{ report: { commentsCount: number } }>(report).report.commentsCount).toBe(1);
  });

  it("does not add the same text by the same author twice, even sent at once: 200 with the first comment", async () => {
    const r = await w.communityReport();
    const seq = await w.lastSeq(w.companyA);
    const send = (token = w.tokens.opA) => w.app.inject({ method: "POST", url: url(w.companyA, r.id, "comments"), headers: h(token), payload: { body: "Duplicado" } });
    const results = await Promise.all([send(), send(), send()]);
    expect(results.map((x) => x.statusCode)).toEqual([200, 200, 200]);
    const comments = results.map((x) => body<{ comment: Comment; created: boolean }>(x));
    expect(new Set(comments.map((c) => c.comment.id)).size).toBe(1);
    expect(comments.filter((c) => c.created)).toHaveLength(1);
    expect(body<{ created: boolean }>(await send()).created).toBe(false);
    // A colleague writing the same words is another comment.
    expect(body<{ created: boolean }>(await send(w.tokens.opA2)).created).toBe(true);
    const list = body<{ comments: Comment[] }>(await w.app.inject({ method: "GET", url: url(w.companyA, r.id, "comments"), headers: h(w.tokens.opA) })).comments;
    expect(list).toHaveLength(2);
    expect((await w.eventsAfter(w.companyA, seq, r.id)).filter((e) => e.type === "newComment")).toHaveLength(2);
  });

  it("takes one pdf, txt or audio attachment checked by content, and serves it to attending companies", async () => {
    const r = await w.communityReport();
    const form = multipart({ body: "Informe adjunto" }, [{ filename: "informe.pdf", data: PDF, type: "application/pdf" }]);
    const res = await w.app.inject({ method: "POST", url: url(w.companyA, r.id, "comments"), headers: { ...h(w.tokens.opA), ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(200);
    const media = body<{ comment: Comment }>(res).comment.media;
    expect(media).toEqual([expect.objectContaining({ mime: "application/pdf", size: PDF.length, status: "ready", originalName: "informe.pdf" })]);
    const name = media[0]!.name;
    expect(name).toMatch(/^\d{8}T\d{9}Z-[a-z0-9]{6}\.pdf$/);
    expect(media[0]!.url).toBe(`/api/files/${name}`);
    expect(await readFile(join(w.dataDir, "files", name))).toEqual(PDF);

    for (const token of [w.tokens.opA, w.tokens.opB]) {
      const file = await w.app.inject({ method: "GET", url: `/api/files/${name}`, headers: h(token) });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("application/pdf");
      expect(file.headers["x-content-type-options"]).toBe("nosniff");
      expect(file.rawPayload).toEqual(PDF);
    }

    for (const [filename, data] of [["nota.txt", Buffer.from("Texto plano\n")], ["audio.wav", wav()], ["voz.mp3", mp3()]] as const) {
      const f = multipart({ body: `Adjunto ${filename}` }, [{ filename, data }]);
      const ok = await w.app.inject({ method: "POST", url: url(w.companyA, r.id, "comments"), headers: { ...h(w.tokens.opA), ...f.headers }, payload: f.payload });
      expect(ok.statusCode, `${filename}: ${ok.body}`).toBe(200);
    }
  });

  it("refuses a file whose content is not an accepted type, whatever its name, and writes nothing", async () => {
    const r = await w.communityReport();
    const before = await w.filesOnDisk();
    const rows = await w.db.query("select id from comments where report_id = $1", [r.id]);
    const cases = [
      { filename: "informe.pdf", data: PNG, type: "application/pdf" }, // PNG bytes named .pdf
      { filename: "foto.png", data: PNG, type: "image/png" }, // a real PNG: not a comment attachment type
      { filename: "programa.txt", data: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(300)]) },
    ];
    for (const file of cases) {
      const f = multipart({ body: "Con archivo" }, [file]);
      const res = await w.app.inject({ method: "POST", url: url(w.companyA, r.id, "comments"), headers: { ...h(w.tokens.opA), ...f.headers, "accept-language": "en" }, payload: f.payload });
      expect(res.statusCode, file.filename).toBe(400);
      expect(body<Err>(res).error).toMatchObject({ code: "invalidFileType", message: expect.stringContaining("pdf, txt, ogg, m4a, mp3, flac, aiff, wav") });
    }
    const es = multipart({ body: "Con archivo" }, [cases[0]!]);
    const resEs = await w.app.inject({ method: "POST", url: url(w.companyA, r.id, "comments"), headers: { ...h(w.tokens.opA), ...es.headers }, payload: es.payload });
    expect(body<Err>(resEs).error.message).toMatch(/^Este tipo de archivo no está permitido/);
    const two = multipart({ body: "Dos archivos" }, [{ filename: "a.pdf", data: PDF }, { filename: "b.pdf", data: PDF }]);
    const resTwo = await w.app.inject({ method: "POST", url: url(w.companyA, r.id, "comments"), headers: { ...h(w.tokens.opA), ...two.headers }, payload: two.payload });
    expect(resTwo.statusCode).toBe(400);
    const noBody = multipart({}, [{ filename: "a.pdf", data: PDF }]);
    const resNoBody = await w.app.inject({ method: "POST", url: url(w.companyA, r.id, "comments"), headers: { ...h(w.tokens.opA), ...noBody.headers }, payload: noBody.payload });
    expect(body<Err>(resNoBody).error).toMatchObject({ code: "validation", fields: [{ field: "body" }] });
    expect(await w.filesOnDisk()).toEqual(before);
    expect(await w.db.query("select id from comments where report_id = $1", [r.id])).toEqual(rows);
  });

  it("refuses a file over MAX_UPLOAD_MB with 400 fileTooLarge naming the limit, and writes nothing", async () => {
    const small = await interactionWorld({ MAX_UPLOAD_MB: "0.01" });
    try {
      const r = await small.communityReport();
      const big = Buffer.concat([PDF, Buffer.alloc(11 * 1024, 0x20)]);
      const f = multipart({ body: "Muy grande" }, [{ filename: "big.pdf", data: big }]);
      const res = await small.app.inject({ method: "POST", url: url(small.companyA, r.id, "comments"), headers: { ...h(small.tokens.opA), ...f.headers, "accept-language": "fr" }, payload: f.payload });
      expect(res.statusCode).toBe(400);
      expect(body<Err>(res).error).toMatchObject({ code: "fileTooLarge", message: "Le fichier est trop volumineux (maximum 0.01 Mo)" });
      expect(await small.filesOnDisk()).toEqual([]);
      expect(await small.db.query("select id from comments where report_id = $1", [r.id])).toEqual([]);
      const fits = multipart({ body: "Cabe" }, [{ filename: "ok.pdf", data: PDF }]);
      expect((await small.app.inject({ method: "POST", url: url(small.companyA, r.id, "comments"), headers: { ...h(small.tokens.opA), ...fits.headers }, payload: fits.payload })).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it("keeps the first file and drops the second when the same comment is sent again with an attachment", async () => {
    const r = await w.communityReport();
    const send = () => {
      const f = multipart({ body: "Mismo texto con audio" }, [{ filename: "a.wav", data: wav() }]);
      return w.app.inject({ method: "POST", url: url(w.companyA, r.id, "comments"), headers: { ...h(w.tokens.opA), ...f.headers }, payload: f.payload });
    };
    const before = (await w.filesOnDisk()).length;
    const first = body<{ comment: Comment }>(await send()).comment;
    const again = body<{ comment: Comment; created: boolean }>(await send());
    expect(again).toMatchObject({ created: false, comment: { id: first.id, media: first.media } });
    expect((await w.filesOnDisk()).length).toBe(before + 1);
  });
});

describe("GET …/comments/incoming", () => {
  const incoming = (companyId: number, token?: string, query = "") =>
    w.app.inject({ method: "GET", url: `/api/companies/${companyId}/comments/incoming${query}`, headers: token ? h(token) : {} });

  it("lists the community's latest comments on the company's reports, newest first, not operators' or hidden ones", async () => {
    const r = await w.communityReport();
    const say = (token: string, text: string) => w.app.inject({ method: "POST", url: `/api/app/reports/${r.uuid}/comments`, headers: h(token), payload: { body: text } });
    const first = body<{ comment: Comment }>(await say(w.tokens.community[0]!, "Sigue el ruido a esta hora")).comment;
    const second = body<{ comment: Comment }>(await say(w.tokens.community[1]!, "Yo también lo escucho")).comment;
    await w.app.inject({ method: "POST", url: url(w.companyA, r.id, "comments"), headers: h(w.tokens.opA), payload: { body: "Patrulla informada" } });
    await w.db.query("update comments set hidden = true where id = $1", [first.id]);

    const fromA = body<{ comments: Comment[] }>(await incoming(w.companyA, w.tokens.opA)).comments;
    const ids = fromA.map((c) => c.id);
    expect(ids).toContain(second.id);
    expect(ids).not.toContain(first.id);
    expect(fromA.every((c) => c.company_id === null && !c.hidden)).toBe(true);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(fromA.find((c) => c.id === second.id)).toMatchObject({ report_uuid: r.uuid, body: "Yo también lo escucho" });
    // Company B attends the same report and sees the same comment; C does not attend it.
    expect(body<{ comments: Comment[] }>(await incoming(w.companyB, w.tokens.opB)).comments.map((c) => c.id)).toContain(second.id);
    expect(body<{ comments: Comment[] }>(await incoming(w.companyC, w.tokens.opC)).comments.map((c) => c.id)).not.toContain(second.id);
    expect(body<{ comments: Comment[] }>(await incoming(w.companyA, w.tokens.opA, "?limit=1")).comments).toHaveLength(1);
  });

  it("401 without a token, 404 for another company, 400 for a bad limit", async () => {
    expect((await incoming(w.companyA)).statusCode).toBe(401);
    expect((await incoming(w.companyA, w.tokens.opC)).statusCode).toBe(404);
    for (const q of ["?limit=0", "?limit=101", "?limit=abc", "?limit=99999999999999"]) expect((await incoming(w.companyA, w.tokens.opA, q)).statusCode, q).toBe(400);
  });
});

describe("notes", () => {
  it("401, 404 for another company, 400 for bad input", async () => {
    const r = await w.communityReport();
    for (const method of ["GET", "POST"] as const) {
      expect((await w.app.inject({ method, url: url(w.companyA, r.id, "notes"), payload: { body: "x" } })).statusCode).toBe(401);
      expect((await w.app.inject({ method, url: url(w.companyA, r.id, "notes"), headers: h(w.tokens.opB), payload: { body: "x" } })).statusCode).toBe(404);
      expect((await w.app.inject({ method, url: url(w.companyA, 0, "notes"), headers: h(w.tokens.opA), payload: { body: "x" } })).statusCode).toBe(400);
    }
    expect((await w.app.inject({ method: "POST", url: url(w.companyA, r.id, "notes"), headers: h(w.tokens.opA), payload: { body: "" } })).statusCode).toBe(400);
  });

  it("keeps notes private to the company: newNote to it alone, not twice for the same text", async () => {
    const r = await w.communityReport();
    const [seqA, seqB] = [await w.lastSeq(w.companyA), await w.lastSeq(w.companyB)];
    const send = () => w.app.inject({ method: "POST", url: url(w.companyA, r.id, "notes"), headers: h(w.tokens.opA), payload: { body: "Vecino confirma" } });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const note = body<{ note: Note }>(a).note;
    expect(body<{ note: Note }>(b).note.id).toBe(note.id);
    expect(note).toMatchObject({ body: "Vecino confirma", report_id: r.id, user: { id: w.opA.id }, file: null });
    expect(await w.eventsAfter(w.companyA, seqA, r.id)).toEqual([{ type: "newNote", data: { reportId: r.id, note } }]);
    expect(await w.eventsAfter(w.companyB, seqB, r.id)).toEqual([]);
    expect(await w.activity(w.companyA, r.id)).toContain("noted");
    expect(await w.activity(w.companyB, r.id)).not.toContain("noted");
    const listA = body<{ notes: Note[] }>(await w.app.inject({ method: "GET", url: url(w.companyA, r.id, "notes"), headers: h(w.tokens.opA2) })).notes;
    expect(listA.map((n) => n.id)).toEqual([note.id]);
    const listB = body<{ notes: Note[] }>(await w.app.inject({ method: "GET", url: url(w.companyB, r.id, "notes"), headers: h(w.tokens.opB) })).notes;
    expect(listB).toEqual([]);
  });

  it("attaches a file of any SPEC media type, readable by the company only", async () => {
    const r = await w.communityReport();
    const f = multipart({ body: "Foto de la cámara" }, [{ filename: "cam.png", data: PNG }]);
    const res = await w.app.inject({ method: "POST", url: url(w.companyA, r.id, "notes"), headers: { ...h(w.tokens.opA), ...f.headers }, payload: f.payload });
    expect(res.statusCode, res.body).toBe(200);
    const file = body<{ note: Note }>(res).note.file!;
    expect(file).toMatchObject({ mime: "image/png", originalName: "cam.png" });
    expect((await w.app.inject({ method: "GET", url: file.url, headers: h(w.tokens.opA2) })).statusCode).toBe(200);
    expect((await w.app.inject({ method: "GET", url: file.url, headers: h(w.tokens.opB) })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "GET", url: file.url, headers: h(w.tokens.author) })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "GET", url: file.url })).statusCode).toBe(401);
    const exe = multipart({ body: "Programa" }, [{ filename: "x.pdf", data: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(100)]) }]);
    const bad = await w.app.inject({ method: "POST", url: url(w.companyA, r.id, "notes"), headers: { ...h(w.tokens.opA), ...exe.headers }, payload: exe.payload });
    expect(body<Err>(bad).error.code).toBe("invalidFileType");
  });
});

describe("likes", () => {
  it("401, 404 for another company, 400 for a value other than 1 or -1", async () => {
    const r = await w.communityReport();
    expect((await w.app.inject({ method: "POST", url: url(w.companyA, r.id, "like"), payload: { value: 1 } })).statusCode).toBe(401);
    expect((await w.app.inject({ method: "POST", url: url(w.companyA, r.id, "like"), headers: h(w.tokens.opC), payload: { value: 1 } })).statusCode).toBe(404);
    for (const payload of [{}, { value: 2 }, { value: "1" }, { value: 0 }])
      expect((await w.app.inject({ method: "POST", url: url(w.companyA, r.id, "like"), headers: h(w.tokens.opA), payload })).statusCode).toBe(400);
  });

  it("likes, withdraws with the same value, changes to a dislike; like/dislike events carry the counters", async () => {
    const r = await w.communityReport();
    const [seqA, seqB] = [await w.lastSeq(w.companyA), await w.lastSeq(w.companyB)];
    const like = async (value: 1 | -1, token = w.tokens.opA) =>
      body(await w.app.inject({ method: "POST", url: url(w.companyA, r.id, "like"), headers: h(token), payload: { value } }));
    expect(await like(1)).toEqual({ success: true, likes: 1, dislikes: 0, vote: 1 });
    expect(await like(1)).toEqual({ success: true, likes: 0, dislikes: 0, vote: null });
    expect(await like(-1)).toEqual({ success: true, likes: 0, dislikes: 1, vote: -1 });
    expect(await like(1)).toEqual({ success: true, likes: 1, dislikes: 0, vote: 1 });
    expect(await like(-1, w.tokens.opA2)).toEqual({ success: true, likes: 1, dislikes: 1, vote: -1 });
    const evB = await w.eventsAfter(w.companyB, seqB, r.id);
    expect(evB.map((e) => e.type)).toEqual(["like", "like", "dislike", "like", "dislike"]);
    expect(evB.at(-1)!.data).toEqual({ reportId: r.id, likes: 1, dislikes: 1 });
    expect((await w.eventsAfter(w.companyA, seqA, r.id)).length).toBe(5);
    const report = await w.app.inject({ method: "GET", url: `/api/companies/${w.companyB}/reports/${r.id}`, headers: h(w.tokens.opB) });
    expect(body<{ report: { likes: number; dislikes: number } }>(report).report).toMatchObject({ likes: 1, dislikes: 1 });
    expect((await w.activity(w.companyA, r.id)).filter((a) => a === "liked")).toHaveLength(5);
  });

  it("keeps the counters right under concurrent votes", async () => {
    const r = await w.communityReport();
    const portal = (companyId: number, token: string, value: 1 | -1) =>
      w.app.inject({ method: "POST", url: url(companyId, r.id, "like"), headers: h(token), payload: { value } });
    const app = (token: string, value: 1 | -1) => w.app.inject({ method: "POST", url: `/api/app/reports/${r.uuid}/like`, headers: h(token), payload: { value } });
    const [c0, c1, c2, c3] = w.tokens.community as [string, string, string, string];
    // Operators of both companies and community users at once; opB sends the same like twice (it cancels out).
    const all = await Promise.all([
      portal(w.companyA, w.tokens.opA, 1), portal(w.companyA, w.tokens.opA2, 1), portal(w.companyB, w.tokens.opB, 1),
      portal(w.companyB, w.tokens.opB, 1), app(c0, 1), app(c1, 1), app(c2, -1), app(c3, -1),
    ]);
    expect(all.map((x) => x.statusCode)).toEqual(all.map(() => 200));
    const row = (await w.db.query<{ likes_count: number; dislikes_count: number; l: number; d: number }>(
      `select likes_count, dislikes_count, (select count(*)::int from likes where report_id = $1 and value = 1) as l,
              (select count(*)::int from likes where report_id = $1 and value = -1) as d from reports where id = $1`,
      [r.id],
    ))[0]!;
    expect(row).toEqual({ likes_count: 4, dislikes_count: 2, l: 4, d: 2 });
    // The last like event any company received carries the final counters.
    const last = (await w.eventsAfter(w.companyB, 0, r.id)).filter((e) => e.type === "like" || e.type === "dislike").at(-1);
    expect(last?.data).toEqual({ reportId: r.id, likes: 4, dislikes: 2 });
  });
});

describe("follow and followers", () => {
  it("401, 404 for another company, 400 for a bad id", async () => {
    const r = await w.communityReport();
    for (const [method, rest] of [["POST", "follow"], ["DELETE", "follow"], ["GET", "followers"]] as const) {
      expect((await w.app.inject({ method, url: url(w.companyA, r.id, rest) })).statusCode).toBe(401);
      expect((await w.app.inject({ method, url: url(w.companyA, r.id, rest), headers: h(w.tokens.opB) })).statusCode).toBe(404);
      expect((await w.app.inject({ method, url: url(w.companyA, "-1", rest), headers: h(w.tokens.opA) })).statusCode).toBe(400);
    }
  });

  it("follows and unfollows idempotently; the company's followers list and updateReport reflect it", async () => {
    const r = await w.communityReport();
    const seqA = await w.lastSeq(w.companyA);
    const seqB = await w.lastSeq(w.companyB);
    const follow = (method: "POST" | "DELETE", token = w.tokens.opA) => w.app.inject({ method, url: url(w.companyA, r.id, "follow"), headers: h(token) });
    const first = body<{ following: boolean; followers: Person[] }>(await follow("POST"));
    expect(first).toMatchObject({ following: true, followers: [{ id: w.opA.id, name: "Test User" }], communityFollowers: 0 });
    await follow("POST");
    await follow("POST", w.tokens.opA2);
    const list = body<{ following: boolean; followers: Person[] }>(await w.app.inject({ method: "GET", url: url(w.companyA, r.id, "followers"), headers: h(w.tokens.opA2) }));
    expect(list.following).toBe(true);
    expect(list.followers.map((f) => f.id).sort()).toEqual([w.opA.id, w.opA2.id].sort());
    const afterUnfollow = body<{ following: boolean; followers: Person[] }>(await follow("DELETE"));
    expect(afterUnfollow).toMatchObject({ following: false, followers: [{ id: w.opA2.id }] });
    await follow("DELETE");
    const events = await w.eventsAfter(w.companyA, seqA, r.id);
    expect(events.map((e) => e.type)).toEqual(["updateReport", "updateReport", "updateReport"]);
    expect((events.at(-1)!.data as { report: { userFollowerIds: number[] } }).report.userFollowerIds).toEqual([w.opA2.id]);
    expect(await w.eventsAfter(w.companyB, seqB, r.id)).toEqual([]);
    expect((await w.activity(w.companyA, r.id)).filter((a) => a === "followed" || a === "unfollowed")).toEqual(["followed", "followed", "unfollowed"]);
    const fromB = body<{ followers: Person[] }>(await w.app.inject({ method: "GET", url: url(w.companyB, r.id, "followers"), headers: h(w.tokens.opB) }));
    expect(fromB.followers).toEqual([]);
  });
});

describe("gallery", () => {
  it("401, 404 for another company, 400 for a bad id", async () => {
    const r = await w.communityReport();
    expect((await w.app.inject({ method: "GET", url: url(w.companyA, r.id, "gallery") })).statusCode).toBe(401);
    expect((await w.app.inject({ method: "GET", url: url(w.companyA, r.id, "gallery"), headers: h(w.tokens.opC) })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "GET", url: url(w.companyA, "1.5", "gallery"), headers: h(w.tokens.opA) })).statusCode).toBe(400);
  });

  it("lists the files of the report's comments, newest first", async () => {
    const r = await w.communityReport();
    const post = async (token: string, text: string, filename: string, data: Buffer, base = url(w.companyA, r.id, "comments")) => {
      const f = multipart({ body: text }, [{ filename, data }]);
      const res = await w.app.inject({ method: "POST", url: base, headers: { ...h(token), ...f.headers }, payload: f.payload });
      expect(res.statusCode, res.body).toBe(200);
      return body<{ comment: Comment }>(res).comment;
    };
    const c1 = await post(w.tokens.opA, "Primero", "a.pdf", PDF);
    await w.app.inject({ method: "POST", url: url(w.companyA, r.id, "comments"), headers: h(w.tokens.opA), payload: { body: "Sin archivo" } });
    const c2 = await post(w.tokens.community[0]!, "Audio del vecino", "v.wav", wav(), `/api/app/reports/${r.uuid}/comments`);
    const gallery = body<{ media: GalleryItem[] }>(await w.app.inject({ method: "GET", url: url(w.companyB, r.id, "gallery"), headers: h(w.tokens.opB) })).media;
    expect(gallery.map((m) => [m.commentId, m.mime])).toEqual([[c2.id, "audio/wav"], [c1.id, "application/pdf"]]);
    expect(gallery[1]).toMatchObject({ name: c1.media[0]!.name, hidden: false, originalName: "a.pdf" });
  });
});

describe("GET /api/files/:name", () => {
  it("404 for unknown or malformed names", async () => {
    expect((await w.app.inject({ method: "GET", url: "/api/files/20260101T000000000Z-abcdef.pdf", headers: h(w.tokens.opA) })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "GET", url: "/api/files/..%2F..%2Fetc%2Fpasswd", headers: h(w.tokens.opA) })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "GET", url: "/api/files/x", headers: { "access-token": "bad" } })).statusCode).toBe(401);
  });

  it("serves comment files of a public report to anyone, and those of a private report to attending companies only", async () => {
    const r = await w.communityReport();
    const f = multipart({ body: "Audio" }, [{ filename: "a.wav", data: wav() }]);
    const res = await w.app.inject({ method: "POST", url: url(w.companyA, r.id, "comments"), headers: { ...h(w.tokens.opA), ...f.headers }, payload: f.payload });
    const fileUrl = body<{ comment: Comment }>(res).comment.media[0]!.url;
    expect((await w.app.inject({ method: "GET", url: fileUrl })).statusCode).toBe(200);
    expect((await w.app.inject({ method: "GET", url: fileUrl, headers: h(w.tokens.opC) })).statusCode).toBe(200);
    await w.db.query("update report_attentions set is_private = true where company_id = $1 and report_id = $2", [w.companyB, r.id]);
    expect((await w.app.inject({ method: "GET", url: fileUrl })).statusCode).toBe(401);
    expect((await w.app.inject({ method: "GET", url: fileUrl, headers: h(w.tokens.opC) })).statusCode).toBe(404);
    expect((await w.app.inject({ method: "GET", url: fileUrl, headers: h(w.tokens.opA) })).statusCode).toBe(200);
    // The author still sees their own report's files.
    expect((await w.app.inject({ method: "GET", url: fileUrl, headers: h(w.tokens.author) })).statusCode).toBe(200);
  });
});
