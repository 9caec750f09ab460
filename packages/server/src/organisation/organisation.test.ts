import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FieldError, OrganisationMessage } from "@atalaya/shared";
import { hasText, t } from "../http/texts.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb } from "../test/harness.js";

let app: FastifyInstance;
let companyId: number;
let otherCompanyId: number;
let admin: string;
let operator: string;
let patrol: string;
let otherAdmin: string;
let memberIds: number[];
let otherMemberId: number;

beforeAll(async () => {
  app = await testApp();
  const db = await testDb();
  companyId = (await buildCompany(db)).id;
  otherCompanyId = (await buildCompany(db)).id;
  const adminUser = await buildUser(db, { companyId, role: "company_admin" });
  const opUser = await buildUser(db, { companyId, role: "operator" });
  const patrolUser = await buildUser(db, { companyId, role: "patrol" });
  const otherUser = await buildUser(db, { companyId: otherCompanyId, role: "company_admin" });
  admin = await loginAs(app, adminUser);
  operator = await loginAs(app, opUser);
  patrol = await loginAs(app, patrolUser);
  otherAdmin = await loginAs(app, otherUser);
  memberIds = [opUser.id, patrolUser.id];
  otherMemberId = otherUser.id;
});
afterAll(() => app.close());

const h = (t: string, lang = "es") => ({ "access-token": t, "accept-language": lang });
const url = (what: string, cid = companyId, rest = "") => `/api/companies/${cid}/${what}${rest}`;
const seq = () => `${process.pid}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

/** A valid body of each resource, unique on each call. */
const VALID: Record<string, () => Record<string, unknown>> = {
  teams: () => ({ name: `Equipo-${seq()}`, members: memberIds, color: "#1677ff" }),
  tags: () => ({ name: `Etiqueta ${seq()}`, color: "#f5222d", lang: "es", translations: { en: "Tag", fr: "", pt: "Etiqueta" } }),
  sources: () => ({ name: `Fuente ${seq()}` }),
  selectors: () => ({ name: `Lista ${seq()}`, group: "Vehículos", items: [{ name: "Auto" }, { name: "Moto" }] }),
  dashboards: () => ({ name: `Panel ${seq()}`, link: "https://bi.example.cl/embed/1" }),
};
const ENTITY: Record<string, string> = { teams: "team", tags: "tag", sources: "source", selectors: "selector", dashboards: "dashboard" };
const RESOURCES = Object.keys(VALID);

async function create(what: string, payload: Record<string, unknown> = {}, token = admin, cid = companyId): Promise<{ id: number } & Record<string, unknown>> {
  const res = await app.inject({ method: "POST", url: url(what, cid), headers: h(token), payload: { ...VALID[what]!(), ...payload } });
  expect(res.statusCode, res.body).toBe(200);
  const b = body<Record<string, unknown>>(res);
  expect(b.success).toBe(true);
  return b[ENTITY[what]!] as { id: number };
}

/** The field errors of a refused request, checked to carry the rule's text in the language asked. */
function fieldErrors(res: { statusCode: number; body: string }, lang: "es" | "en" | "fr" = "es"): FieldError[] {
  const fields = (JSON.parse(res.body) as { error: { fields?: FieldError[] } }).error.fields ?? [];
  for (const f of fields) {
    const key = `organisation:${f.code}`;
    if (hasText(key)) expect(f.message).toBe(t(lang, key));
  }
  return fields;
}

describe.each(RESOURCES)("/api/companies/:companyId/%s", (what) => {
  it("401 without a token on every verb", async () => {
    const item = await create(what);
    expect((await app.inject({ method: "GET", url: url(what) })).statusCode).toBe(401);
    expect((await app.inject({ method: "POST", url: url(what), payload: VALID[what]!() })).statusCode).toBe(401);
    expect((await app.inject({ method: "PUT", url: url(what, companyId, `/${item.id}`), payload: VALID[what]!() })).statusCode).toBe(401);
    expect((await app.inject({ method: "DELETE", url: url(what, companyId, `/${item.id}`) })).statusCode).toBe(401);
  });

  it("company admins and operators read; only company admins create, replace and delete (403 for operators and patrols, nothing changed)", async () => {
    const item = await create(what);
    for (const token of [admin, operator]) {
      const list = await app.inject({ method: "GET", url: url(what), headers: h(token) });
      expect(list.statusCode).toBe(200);
      expect((body<Record<string, { id: number }[]>>(list)[what] ?? []).map((x) => x.id)).toContain(item.id);
    }
    // A patrol's surface is its own assigned reports (issue 14): not the organisation's lists.
    expect((await app.inject({ method: "GET", url: url(what), headers: h(patrol) })).statusCode).toBe(403);
    for (const token of [operator, patrol]) {
      expect((await app.inject({ method: "POST", url: url(what), headers: h(token), payload: VALID[what]!() })).statusCode).toBe(403);
      expect((await app.inject({ method: "PUT", url: url(what, companyId, `/${item.id}`), headers: h(token), payload: VALID[what]!() })).statusCode).toBe(403);
      expect((await app.inject({ method: "DELETE", url: url(what, companyId, `/${item.id}`), headers: h(token) })).statusCode).toBe(403);
    }
    const after = body<Record<string, { id: number; name: string }[]>>(await app.inject({ method: "GET", url: url(what), headers: h(admin) }));
    expect(after[what]!.find((x) => x.id === item.id)?.name).toBe(item.name);
  });

  it("404 for another company: its path, and its records through one's own company", async () => {
    const foreign = await create(what, what === "teams" ? { members: [otherMemberId] } : {}, otherAdmin, otherCompanyId);
    expect((await app.inject({ method: "GET", url: url(what, otherCompanyId), headers: h(admin) })).statusCode).toBe(404);
    expect((await app.inject({ method: "POST", url: url(what, otherCompanyId), headers: h(admin), payload: VALID[what]!() })).statusCode).toBe(404);
    expect((await app.inject({ method: "PUT", url: url(what, companyId, `/${foreign.id}`), headers: h(admin), payload: VALID[what]!() })).statusCode).toBe(404);
    expect((await app.inject({ method: "DELETE", url: url(what, companyId, `/${foreign.id}`), headers: h(admin) })).statusCode).toBe(404);
    const theirs = body<Record<string, { id: number; name: string }[]>>(await app.inject({ method: "GET", url: url(what, otherCompanyId), headers: h(otherAdmin) }));
    expect(theirs[what]!.find((x) => x.id === foreign.id)?.name).toBe(foreign.name);
    const ours = body<Record<string, { id: number }[]>>(await app.inject({ method: "GET", url: url(what), headers: h(admin) }));
    expect(ours[what]!.map((x) => x.id)).not.toContain(foreign.id);
  });

  it("creates answering {success, entity}, replaces, deletes; a deleted record is 404", async () => {
    const item = await create(what);
    const replacement = VALID[what]!();
    const put = await app.inject({ method: "PUT", url: url(what, companyId, `/${item.id}`), headers: h(admin), payload: replacement });
    expect(put.statusCode, put.body).toBe(200);
    expect(body<Record<string, Record<string, unknown>>>(put)[ENTITY[what]!]).toMatchObject({ id: item.id, name: replacement.name });
    expect((await app.inject({ method: "DELETE", url: url(what, companyId, `/${item.id}`), headers: h(admin) })).statusCode).toBe(200);
    expect((await app.inject({ method: "DELETE", url: url(what, companyId, `/${item.id}`), headers: h(admin) })).statusCode).toBe(404);
    expect((await app.inject({ method: "PUT", url: url(what, companyId, `/${item.id}`), headers: h(admin), payload: VALID[what]!() })).statusCode).toBe(404);
    const list = body<Record<string, { id: number }[]>>(await app.inject({ method: "GET", url: url(what), headers: h(admin) }));
    expect(list[what]!.map((x) => x.id)).not.toContain(item.id);
  });

  it("400 for a blank or missing name and malformed ids", async () => {
    const required = ({ teams: "teamNameRequired", tags: "tagNameRequired", sources: "sourceNameRequired", selectors: "selectorNameRequired", dashboards: "dashboardNameRequired" } as Record<string, OrganisationMessage>)[what]!;
    for (const name of ["   ", undefined, 42]) {
      const res = await app.inject({ method: "POST", url: url(what), headers: h(admin), payload: { ...VALID[what]!(), name } });
      expect(res.statusCode).toBe(400);
      expect(fieldErrors(res)).toContainEqual({ field: "name", code: required, message: t("es", `organisation:${required}`) });
    }
    const long = await app.inject({ method: "POST", url: url(what), headers: h(admin), payload: { ...VALID[what]!(), name: "x".repeat(81) } });
    expect(fieldErrors(long)).toContainEqual({ field: "name", code: "nameTooLong", message: t("es", "organisation:nameTooLong") });
    const control = await app.inject({ method: "POST", url: url(what), headers: h(admin), payload: { ...VALID[what]!(), name: "a\u0007b" } });
    expect(fieldErrors(control).map((f) => f.code)).toContain("invalidText");
    for (const id of ["abc", "0", "2147483648", "1.5"])
      expect((await app.inject({ method: "PUT", url: url(what, companyId, `/${id}`), headers: h(admin), payload: VALID[what]!() })).statusCode).toBe(400);
  });
});

describe("teams", () => {
  it("validates name without spaces, members of the company (at least one) and colour, in es, en and fr", async () => {
    const post = (payload: Record<string, unknown>, lang = "es") => app.inject({ method: "POST", url: url("teams"), headers: h(admin, lang), payload: { ...VALID.teams!(), ...payload } });
    expect(fieldErrors(await post({ name: "Patrulla Norte" }))).toEqual([{ field: "name", code: "teamNameSpaces", message: "El nombre del equipo no puede contener espacios" }]);
    expect(fieldErrors(await post({ name: "Patrulla Norte" }, "en"), "en")).toEqual([{ field: "name", code: "teamNameSpaces", message: "The team name cannot contain spaces" }]);
    expect(fieldErrors(await post({ name: "Patrulla Norte" }, "fr"), "fr")).toEqual([{ field: "name", code: "teamNameSpaces", message: "Le nom de l'équipe ne peut pas contenir d'espaces" }]);
    expect(fieldErrors(await post({ members: [] }))).toEqual([{ field: "members", code: "teamMembersRequired", message: "Selecciona al menos un miembro" }]);
    expect(fieldErrors(await post({ members: undefined }, "en"), "en")).toEqual([{ field: "members", code: "teamMembersRequired", message: "Select at least one member" }]);
    const stranger = await post({ members: [memberIds[0], otherMemberId] });
    expect(stranger.statusCode).toBe(400);
    expect(fieldErrors(stranger)).toEqual([{ field: "members", code: "teamMemberInvalid", message: "Cada miembro debe pertenecer a la organización" }]);
    expect((await post({ members: [2147483647] })).statusCode).toBe(400);
    expect(fieldErrors(await post({ color: "red" }))).toEqual([{ field: "color", code: "colorInvalid", message: "Elige un color válido (#RRGGBB)" }]);
    expect(fieldErrors(await post({ color: undefined }))).toEqual([{ field: "color", code: "colorInvalid", message: "Elige un color válido (#RRGGBB)" }]);
  });

  it("a name is unique in the company, letter case aside (409 teamNameTaken), but another company may use it", async () => {
    const team = await create("teams", { name: "Unico-Nombre" });
    const dup = await app.inject({ method: "POST", url: url("teams"), headers: h(admin, "en"), payload: { ...VALID.teams!(), name: "unico-nombre" } });
    expect(dup.statusCode).toBe(409);
    expect(body(dup)).toMatchObject({ error: { code: "conflict", reason: "teamNameTaken", message: "A team with that name already exists", fields: [{ field: "name", code: "teamNameTaken", message: "A team with that name already exists" }] } });
    const other = await create("teams", {});
    expect((await app.inject({ method: "PUT", url: url("teams", companyId, `/${other.id}`), headers: h(admin), payload: { ...VALID.teams!(), name: "UNICO-NOMBRE" } })).statusCode).toBe(409);
    // Keeping its own name is no conflict.
    expect((await app.inject({ method: "PUT", url: url("teams", companyId, `/${team.id}`), headers: h(admin), payload: { ...VALID.teams!(), name: "Unico-Nombre" } })).statusCode).toBe(200);
    await create("teams", { name: "Unico-Nombre", members: [otherMemberId] }, otherAdmin, otherCompanyId);
  });

  it("stores the members and colour; editing replaces the members", async () => {
    const team = await create("teams", { members: [memberIds[1], memberIds[0], memberIds[0]], color: "#ABC" });
    expect(team).toMatchObject({ color: "#ABC", memberIds: [...memberIds].sort((a, b) => a - b) });
    const put = await app.inject({ method: "PUT", url: url("teams", companyId, `/${team.id}`), headers: h(admin), payload: { name: team.name, members: [memberIds[1]], color: "#00ff00" } });
    expect(body<{ team: unknown }>(put).team).toMatchObject({ memberIds: [memberIds[1]], color: "#00ff00" });
  });

  it("deleting a team in use: its reports keep it by name, it leaves the lists, cannot be assigned again and its name is free", async () => {
    const db = await testDb();
    const team = await create("teams", { name: "Turno-Noche" });
    const report = await app.inject({ method: "POST", url: url("reports"), headers: h(operator), payload: { type: 0, description: "Robo", latitude: -33.45, longitude: -70.65, informerType: "anonymous" } });
    const reportId = body<{ report: { id: number } }>(report).report.id;
    expect((await app.inject({ method: "POST", url: url("reports", companyId, `/${reportId}/take`), headers: h(operator) })).statusCode).toBe(200);
    const assigned = await app.inject({ method: "POST", url: url("reports", companyId, `/${reportId}/assign`), headers: h(operator), payload: { teamId: team.id } });
    expect(assigned.statusCode, assigned.body).toBe(200);

    expect((await app.inject({ method: "DELETE", url: url("teams", companyId, `/${team.id}`), headers: h(admin) })).statusCode).toBe(200);
    const detail = body<{ report: { assignedTeam: unknown } }>(await app.inject({ method: "GET", url: url("reports", companyId, `/${reportId}`), headers: h(operator) }));
    expect(detail.report.assignedTeam).toMatchObject({ id: team.id, name: "Turno-Noche" });
    const live = body<{ teams: { id: number }[] }>(await app.inject({ method: "GET", url: url("teams"), headers: h(operator) }));
    expect(live.teams.map((t) => t.id)).not.toContain(team.id);
    const all = body<{ teams: { id: number; name: string; deleted: boolean }[] }>(await app.inject({ method: "GET", url: url("teams", companyId, "?includeDeleted=true"), headers: h(operator) }));
    expect(all.teams.find((t) => t.id === team.id)).toMatchObject({ name: "Turno-Noche", deleted: true });
    const again = await app.inject({ method: "POST", url: url("reports", companyId, `/${reportId}/assign`), headers: h(operator), payload: { teamId: team.id } });
    expect(again.statusCode).toBe(400);
    expect(body(again)).toMatchObject({ error: { fields: [{ field: "teamId", code: "invalid_team" }] } });
    expect((await app.inject({ method: "PUT", url: url("teams", companyId, `/${team.id}`), headers: h(admin), payload: VALID.teams!() })).statusCode).toBe(404);
    await create("teams", { name: "Turno-Noche" });
    expect((await db.query("select count(*)::int as n from teams where company_id = $1 and name = 'Turno-Noche'", [companyId]))[0]).toEqual({ n: 2 });
  });
});

describe("tags", () => {
  it("validates colour, language and translations, and stores the translations given", async () => {
    const post = (payload: Record<string, unknown>, lang = "es") => app.inject({ method: "POST", url: url("tags"), headers: h(admin, lang), payload: { ...VALID.tags!(), ...payload } });
    expect(fieldErrors(await post({ lang: "de" }, "fr"), "fr")).toEqual([{ field: "lang", code: "tagLangInvalid", message: "Choisissez une langue" }]);
    expect(fieldErrors(await post({ color: "#12345" }))).toEqual([{ field: "color", code: "colorInvalid", message: "Elige un color válido (#RRGGBB)" }]);
    expect(fieldErrors(await post({ translations: { en: "x".repeat(81) } }))).toEqual([{ field: "translations.en", code: "tagTranslationTooLong", message: "La traducción es demasiado larga" }]);
    expect((await post({ translations: { de: "Etikett" } })).statusCode).toBe(200);
    const tag = await create("tags", { lang: "pt", translations: { en: " Urgent ", fr: "", es: "Urgente" } });
    expect(tag).toMatchObject({ lang: "pt", translations: { en: "Urgent", es: "Urgente" } });
    expect(tag.translations).not.toHaveProperty("fr");
  });

  it("only company admins create tags: operators get 403 with the forbidden code", async () => {
    const res = await app.inject({ method: "POST", url: url("tags"), headers: h(operator), payload: VALID.tags!() });
    expect(res.statusCode).toBe(403);
    expect(body(res)).toMatchObject({ error: { code: "forbidden" } });
  });

  it("a name is unique letter case aside (409 tagNameTaken)", async () => {
    await create("tags", { name: "Duplicada" });
    const dup = await app.inject({ method: "POST", url: url("tags"), headers: h(admin), payload: { ...VALID.tags!(), name: "DUPLICADA" } });
    expect(dup.statusCode).toBe(409);
    expect(body(dup)).toMatchObject({ error: { reason: "tagNameTaken", message: "Ya existe una etiqueta con ese nombre" } });
  });

  it("pages: page and pageSize with the total; without page every tag; q filters; bad pages are 400", async () => {
    const db = await testDb();
    const cid = (await buildCompany(db)).id;
    const token = await loginAs(app, await buildUser(db, { companyId: cid, role: "company_admin" }));
    for (let i = 0; i < 12; i++) await create("tags", { name: `T${String(i).padStart(2, "0")}${i % 2 ? " par" : ""}` }, token, cid);
    const get = async (q: string) => body<{ tags: { name: string }[]; total: number; page?: number; pageSize?: number }>(await app.inject({ method: "GET", url: url("tags", cid, q), headers: h(token) }));
    const first = await get("?page=1");
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.tags.map((t) => t.name)).toEqual(["T00", "T01 par", "T02", "T03 par", "T04", "T05 par", "T06", "T07 par", "T08", "T09 par"]);
    expect((await get("?page=2")).tags.map((t) => t.name)).toEqual(["T10", "T11 par"]);
    expect((await get("?page=3&pageSize=5")).tags.map((t) => t.name)).toEqual(["T10", "T11 par"]);
    expect((await get("")).tags).toHaveLength(12);
    expect(await get("?q=PAR&page=1&pageSize=2")).toMatchObject({ total: 6, tags: [{ name: "T01 par" }, { name: "T03 par" }] });
    expect((await get("?q=%25")).total).toBe(0);
    for (const q of ["?page=0", "?page=abc", "?pageSize=101", "?pageSize=0"]) expect((await app.inject({ method: "GET", url: url("tags", cid, q), headers: h(token) })).statusCode).toBe(400);
  });

  it("assigning tags to a report reuses the report's update (tagIds); another company's tag is refused; deleting a tag removes it from reports", async () => {
    const tag = await create("tags");
    const foreign = await create("tags", {}, otherAdmin, otherCompanyId);
    const report = await app.inject({ method: "POST", url: url("reports"), headers: h(operator), payload: { type: 0, description: "Robo", latitude: -33.45, longitude: -70.65, informerType: "anonymous" } });
    const reportId = body<{ report: { id: number } }>(report).report.id;
    await app.inject({ method: "POST", url: url("reports", companyId, `/${reportId}/take`), headers: h(operator) });
    const put = (tagIds: number[]) => app.inject({ method: "PUT", url: url("reports", companyId, `/${reportId}`), headers: h(operator), payload: { tagIds } });
    expect((await put([foreign.id])).statusCode).toBe(400);
    const tagged = await put([tag.id]);
    expect(body<{ report: { tags: { id: number }[] } }>(tagged).report.tags.map((t) => t.id)).toEqual([tag.id]);
    expect((await app.inject({ method: "DELETE", url: url("tags", companyId, `/${tag.id}`), headers: h(admin) })).statusCode).toBe(200);
    const after = body<{ report: { tags: unknown[] } }>(await app.inject({ method: "GET", url: url("reports", companyId, `/${reportId}`), headers: h(operator) }));
    expect(after.report.tags).toEqual([]);
  });
});

describe("sources", () => {
  it("a name that is not a duplicate (409 sourceNameTaken, letter case and spaces aside)", async () => {
    await create("sources", { name: "Teléfono" });
    const dup = await app.inject({ method: "POST", url: url("sources"), headers: h(admin, "en"), payload: { name: "  teléfono " } });
    expect(dup.statusCode).toBe(409);
    expect(body(dup)).toMatchObject({ error: { reason: "sourceNameTaken", message: "That source already exists", fields: [{ field: "name", code: "sourceNameTaken", message: "That source already exists" }] } });
    const radio = await create("sources", { name: "Radio" });
    expect((await app.inject({ method: "PUT", url: url("sources", companyId, `/${radio.id}`), headers: h(admin), payload: { name: "TELÉFONO" } })).statusCode).toBe(409);
    const empty = await app.inject({ method: "POST", url: url("sources"), headers: h(admin, "fr"), payload: { name: "" } });
    expect(fieldErrors(empty, "fr")).toEqual([{ field: "name", code: "sourceNameRequired", message: "Le nom de la source est obligatoire" }]);
  });
});

describe("selectors", () => {
  it("name, optional group, at least one item, item names unique (letter case aside) and not blank", async () => {
    const post = (payload: Record<string, unknown>, lang = "es") => app.inject({ method: "POST", url: url("selectors"), headers: h(admin, lang), payload: { ...VALID.selectors!(), ...payload } });
    expect(fieldErrors(await post({ items: [{ name: "Auto" }, { name: "Moto" }, { name: " auto " }] }, "en"), "en")).toEqual([
      { field: "items.2.name", code: "selectorItemDuplicate", message: "Item names must be unique" },
    ]);
    expect(fieldErrors(await post({ items: [] }))).toEqual([{ field: "items", code: "selectorItemsRequired", message: "Agrega al menos un elemento" }]);
    expect(fieldErrors(await post({ items: [{ name: " " }] }))).toEqual([{ field: "items.0.name", code: "selectorItemNameRequired", message: "El nombre del elemento es obligatorio" }]);
    expect(fieldErrors(await post({ group: "g".repeat(81) }))).toEqual([{ field: "group", code: "selectorGroupTooLong", message: "El grupo es demasiado largo" }]);
    const s = await create("selectors", { group: "  ", items: [{ name: " Camión " }] });
    expect(s).toMatchObject({ group: null, items: [{ name: "Camión" }] });
  });
});

describe("dashboards", () => {
  it("a valid http(s) link, else 'The URL entered is not valid' (es, en, fr)", async () => {
    const post = (link: unknown, lang = "es") => app.inject({ method: "POST", url: url("dashboards"), headers: h(admin, lang), payload: { name: "Panel", link } });
    for (const link of ["no es una url", "ftp://bi.example.cl/", "javascript:alert(1)", "https://", "http://a;b.example.cl/", "https://user:pw@bi.example.cl/", "", undefined, `https://bi.example.cl/${"x".repeat(2000)}`]) {
      const res = await post(link);
      expect(res.statusCode, String(link)).toBe(400);
      expect(fieldErrors(res)).toEqual([{ field: "link", code: "dashboardUrlInvalid", message: "La URL ingresada no es válida" }]);
    }
    expect(fieldErrors(await post("nope", "en"), "en")).toEqual([{ field: "link", code: "dashboardUrlInvalid", message: "The URL entered is not valid" }]);
    expect(fieldErrors(await post("nope", "fr"), "fr")).toEqual([{ field: "link", code: "dashboardUrlInvalid", message: "L'URL saisie n'est pas valide" }]);
    expect(await create("dashboards", { link: " http://127.0.0.1:8080/panel?x=1 " })).toMatchObject({ link: "http://127.0.0.1:8080/panel?x=1" });
  });
});
