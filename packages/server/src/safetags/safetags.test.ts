import type { FastifyInstance } from "fastify";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAFETAG_CODE_PATTERN, type Safetag, type SafetagBatch, type SafetagMessage } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { body, buildCompany, buildUser, loginAs, TEST_PASSWORD, testApp, testDb, type TestUser } from "../test/harness.js";
import { newSafetagCode } from "./safetag.repository.js";

let app: FastifyInstance;
let db: Db;
let companyId: number;
let otherCompanyId: number;
let admin: string;
let operator: string;
let otherAdmin: string;
let owner: TestUser;
let ownerToken: string;
let otherToken: string;

const h = (t: string, lang = "es") => ({ "access-token": t, "accept-language": lang });
const url = (rest: string, cid = companyId) => `/api/companies/${cid}/${rest}`;

async function appLogin(user: TestUser): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/app/login", payload: { email: user.email, password: TEST_PASSWORD } });
  return body<{ user: { access_token: string } }>(res).user.access_token;
}

beforeAll(async () => {
  app = await testApp();
  db = await testDb();
  companyId = (await buildCompany(db)).id;
  otherCompanyId = (await buildCompany(db)).id;
  admin = await loginAs(app, await buildUser(db, { companyId, role: "company_admin" }));
  operator = await loginAs(app, await buildUser(db, { companyId, role: "operator" }));
  otherAdmin = await loginAs(app, await buildUser(db, { companyId: otherCompanyId, role: "company_admin" }));
  owner = await buildUser(db);
  await db.query("update users set phone = '+56922223333' where id = $1", [owner.id]);
  ownerToken = await appLogin(owner);
  otherToken = await appLogin(await buildUser(db));
});
afterAll(() => app.close());

async function batch(size = 5, name = "Llaveros Ñuñoa"): Promise<{ batch: SafetagBatch; safetags: Safetag[] }> {
  const res = await app.inject({ method: "POST", url: url("safetag-batches"), headers: h(admin), payload: { name, size } });
  expect(res.statusCode, res.body).toBe(200);
  const created = body<{ batch: SafetagBatch }>(res).batch;
  return body(await app.inject({ url: url(`safetag-batches/${created.id}`), headers: h(operator) }));
}

describe("codes", () => {
  it("are 16 Crockford base32 characters (80 random bits), unique in a large batch", async () => {
    const sample = Array.from({ length: 2000 }, newSafetagCode);
    expect(sample.every((c) => SAFETAG_CODE_PATTERN.test(c))).toBe(true);
    expect(new Set(sample).size).toBe(sample.length);
    const { batch: b, safetags } = await batch(300);
    expect(b.size).toBe(300);
    expect(safetags).toHaveLength(300);
    expect(new Set(safetags.map((t) => t.code)).size).toBe(300);
    expect(safetags.every((t) => t.state === "unlinked" && t.user === null && t.contact === null)).toBe(true);
  });

  it("a batch needs a name and a size of 1 to 1000", async () => {
    for (const payload of [{ name: "", size: 3 }, { name: "x", size: 0 }, { name: "x", size: 1001 }, { name: "x", size: 2.5 }, { name: "a\u0007", size: 1 }, { name: "x", size: 99999999999 }]) {
      const res = await app.inject({ method: "POST", url: url("safetag-batches"), headers: h(admin), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await app.inject({ method: "POST", url: url("safetag-batches"), headers: h(operator), payload: { name: "x", size: 1 } })).statusCode).toBe(403);
  });
});

describe("state machine", () => {
  it("links, unlinks, relinks; disable is final and a disabled tag can never be linked again (409)", async () => {
    const { safetags } = await batch(2);
    const tag = safetags[0]!;
    const link = (token: string, code = tag.code) => app.inject({ method: "POST", url: `/api/app/safetags/${code}/link`, headers: h(token, "en"), payload: { name: "Mochila" } });

    expect((await link(ownerToken)).statusCode).toBe(200);
    // The code typed in lower case is the same code.
    expect((await link(ownerToken, tag.code.toLowerCase())).statusCode).toBe(200);
    const other = await link(otherToken);
    expect(other.statusCode).toBe(409);
    expect(body<{ error: { reason: string } }>(other).error.reason).toBe("safetagLinked");

    const listed = body<{ safetags: Safetag[] }>(await app.inject({ url: url(`safetag-batches/${tag.batchId}?state=linked`), headers: h(admin) })).safetags;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ code: tag.code, name: "Mochila", state: "linked", user: { id: owner.id }, contact: { email: owner.email, phone: "+56922223333" } });
    expect(listed[0]!.linkedAt).not.toBeNull();

    expect(body<{ safetag: Safetag }>(await app.inject({ method: "POST", url: url(`safetags/${tag.id}/unlink`), headers: h(admin) })).safetag.state).toBe("unlinked");
    const again = await app.inject({ method: "POST", url: url(`safetags/${tag.id}/unlink`), headers: h(admin) });
    expect(body<{ error: { reason: string } }>(again).error.reason).toBe("safetagNotLinked");
    expect((await link(otherToken)).statusCode).toBe(200);

    expect(body<{ safetag: Safetag }>(await app.inject({ method: "POST", url: url(`safetags/${tag.id}/disable`), headers: h(admin) })).safetag).toMatchObject({ state: "disabled", user: null });
    for (const token of [ownerToken, otherToken]) {
      const res = await link(token);
      expect(res.statusCode).toBe(409);
      expect(body<{ error: { reason: string; message: string } }>(res).error).toMatchObject({ reason: "safetagDisabled", message: "This safe tag is permanently disabled" });
    }
    const twice = await app.inject({ method: "POST", url: url(`safetags/${tag.id}/disable`), headers: h(admin) });
    expect(twice.statusCode).toBe(409);
    expect((await app.inject({ method: "POST", url: url(`safetags/${tag.id}/unlink`), headers: h(admin) })).statusCode).toBe(409);
    expect((await db.query<{ state: string }>("select state from safetags where id = $1", [tag.id]))[0]!.state).toBe("disabled");
  });

  it("the owner unlinks their own tag; someone else's answers 404", async () => {
    const { safetags } = await batch(1);
    const code = safetags[0]!.code;
    const linked = await app.inject({ method: "POST", url: `/api/app/safetags/${code}/link`, headers: h(ownerToken) });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(body<{ safetags: { code: string }[] }>(await app.inject({ url: "/api/app/safetags", headers: h(ownerToken) })).safetags.map((t) => t.code)).toContain(code);
    expect((await app.inject({ method: "POST", url: `/api/app/safetags/${code}/unlink`, headers: h(otherToken) })).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url: `/api/app/safetags/${code}/unlink`, headers: h(ownerToken) })).statusCode).toBe(200);
    expect((await app.inject({ method: "POST", url: `/api/app/safetags/${code}/link` })).statusCode).toBe(401);
  });
});

describe("the finder's page", () => {
  it("relays the finder's message and location to the owner's inbox; neither answer carries the other's contact", async () => {
    const { safetags } = await batch(1);
    const code = safetags[0]!.code;
    await app.inject({ method: "POST", url: `/api/app/safetags/${code}/link`, headers: h(ownerToken), payload: { name: "Llaves" } });

    const page = await app.inject({ url: `/api/app/safetags/${code}` });
    expect(page.statusCode).toBe(200);
    expect(body(page)).toMatchObject({ safetag: { code, name: "Llaves", state: "linked" } });
    const sent = await app.inject({
      method: "POST",
      url: `/api/app/safetags/${code}/messages`,
      headers: { "x-forwarded-for": "200.1.2.3" },
      payload: { message: "Encontré tus llaves en la plaza, te las dejo en conserjería.", latitude: -33.44, longitude: -70.65 },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(body(sent)).toEqual({ success: true, delivered: true });
    for (const res of [page, sent]) {
      expect(res.body).not.toContain(owner.email);
      expect(res.body).not.toContain("+56922223333");
      expect(res.body).not.toContain(owner.uuid);
      expect(res.body).not.toMatch(/"(user|userId|owner|email|phone|contact)"/);
    }

    const inbox = body<{ messages: SafetagMessage[] }>(await app.inject({ url: "/api/app/safetags/messages", headers: h(ownerToken) })).messages;
    expect(inbox[0]).toMatchObject({ code, tagName: "Llaves", message: "Encontré tus llaves en la plaza, te las dejo en conserjería.", latitude: -33.44, longitude: -70.65 });
    expect(JSON.stringify(inbox)).not.toContain("200.1.2.3");
    expect(body<{ messages: SafetagMessage[] }>(await app.inject({ url: "/api/app/safetags/messages", headers: h(otherToken) })).messages.map((m) => m.code)).not.toContain(code);
  });

  it("an unlinked or disabled tag takes no message; unknown 404; bad input 400", async () => {
    const { safetags } = await batch(2);
    const [free, gone] = safetags;
    await app.inject({ method: "POST", url: url(`safetags/${gone!.id}/disable`), headers: h(admin) });
    const send = (code: string, payload: Record<string, unknown> = { message: "Hola" }) => app.inject({ method: "POST", url: `/api/app/safetags/${code}/messages`, payload });
    expect(body<{ error: { reason: string } }>(await send(free!.code)).error.reason).toBe("safetagNotLinked");
    expect(body<{ error: { reason: string } }>(await send(gone!.code)).error.reason).toBe("safetagDisabled");
    expect((await send("ZZZZZZZZZZZZZZZZ")).statusCode).toBe(404);
    expect((await send("short")).statusCode).toBe(400);
    await app.inject({ method: "POST", url: `/api/app/safetags/${free!.code}/link`, headers: h(ownerToken) });
    for (const payload of [{ message: "" }, { message: "a\u0001" }, { message: "x".repeat(1001) }, { message: "hola", latitude: 91, longitude: 0 }, { message: "hola", latitude: 1 }]) {
      expect((await send(free!.code, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it("is rate-limited per tag", async () => {
    const { safetags } = await batch(1);
    const code = safetags[0]!.code;
    await app.inject({ method: "POST", url: `/api/app/safetags/${code}/link`, headers: h(ownerToken) });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await app.inject({ method: "POST", url: `/api/app/safetags/${code}/messages`, payload: { message: `Hola ${i}` } })).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe("exports and tenancy", () => {
  it("exports a batch as XLSX with its codes and as a PDF of QR labels", async () => {
    const { batch: b, safetags } = await batch(14, "Mascotas");
    await app.inject({ method: "POST", url: `/api/app/safetags/${safetags[0]!.code}/link`, headers: h(ownerToken), payload: { name: "Firulais" } });
    const xlsx = await app.inject({ url: url(`safetag-batches/${b.id}/export.xlsx`), headers: h(admin, "en") });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, "Creation date", "Code", "Name", "State", "Linked user", "Linked date", "Contact", "Link"]);
    expect(sheet.rowCount).toBe(15);
    expect(sheet.getRow(2).getCell(2).value).toBe(safetags[0]!.code);
    expect(sheet.getRow(2).getCell(4).value).toBe("Linked");
    expect(String(sheet.getRow(2).getCell(7).value)).toContain(owner.email);

    const pdf = await app.inject({ url: url(`safetag-batches/${b.id}/export.pdf`), headers: h(admin) });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.toString("latin1").match(/\/Type \/Page\b/g)).toHaveLength(2);
    expect((await app.inject({ url: url(`safetag-batches/${b.id}/export.xlsx`), headers: h(operator) })).statusCode).toBe(403);
  });

  it("another company's batches and tags answer 404", async () => {
    const { batch: b, safetags } = await batch(1);
    for (const [method, path] of [["GET", `safetag-batches/${b.id}`], ["GET", `safetag-batches/${b.id}/export.xlsx`], ["GET", `safetag-batches/${b.id}/export.pdf`], ["POST", `safetags/${safetags[0]!.id}/unlink`], ["POST", `safetags/${safetags[0]!.id}/disable`]] as const) {
      expect((await app.inject({ method, url: url(path, otherCompanyId), headers: h(otherAdmin) })).statusCode, path).toBe(404);
    }
    expect(body<{ batches: SafetagBatch[] }>(await app.inject({ url: url("safetag-batches", otherCompanyId), headers: h(otherAdmin) })).batches.map((x) => x.id)).not.toContain(b.id);
  });
});
