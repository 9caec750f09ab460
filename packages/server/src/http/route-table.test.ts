// The route table and the server agree (issue 33): every route the app registers is an entry and every
// entry a route, with the operationId the document had before the table (so it does not churn).
import { ROUTE_ENTRY_COUNT, routes, type RouteEntry } from "@atalaya/shared";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { body, testApp } from "../test/harness.js";
import { operationIdOf } from "./openapi.js";
import { installRouteTable } from "./route-table.js";

type Doc = { paths: Record<string, Record<string, { operationId?: string; summary?: string }>> };

let app: FastifyInstance;
let doc: Doc;
beforeAll(async () => {
  app = await testApp();
  doc = body<Doc>(await app.inject("/api/docs/json"));
});
afterAll(() => app.close());

const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

describe("the route table", () => {
  it("has one entry per operationId (no two domains give the same one)", () => {
    expect(Object.keys(routes).length).toBe(ROUTE_ENTRY_COUNT);
  });

  it("keeps the operationIds the document had: method and path", () => {
    const drifted = Object.values(routes).filter((e) => e.operationId !== operationIdOf(e.method, e.path)).map((e) => e.operationId);
    expect(drifted).toEqual([]);
  });

  it("is exactly the app's API: every entry in the document, every operation of the document an entry", () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`));
    const table = Object.values(routes).map((e) => `${e.method} ${openApiPath(e.path)} ${e.operationId}`);
    expect(documented.sort()).toEqual(table.sort());
    expect(table.length).toBeGreaterThan(250);
  });

  it("gives the document its summaries", () => {
    const e = routes.postCompaniesByCompanyIdReportsByIdTake;
    expect(doc.paths[openApiPath(e.path)]!.post!.summary).toBe(e.summary);
  });
});

describe("a server whose routes and table differ", () => {
  const entry = { method: "GET", path: "/api/things", tags: ["things"], summary: "Things", access: { kind: "account" }, answer: z.object({ n: z.number() }), errors: [401] } as const satisfies RouteEntry;
  const bare = () => {
    const server = Fastify();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    return server;
  };

  it("does not start with a route the table lacks", async () => {
    const server = bare();
    installRouteTable(server, { getThings: { ...entry, operationId: "getThings" } });
    expect(() => server.get("/api/other", async () => ({}))).toThrow(/GET \/api\/other: no entry/);
    await server.close();
  });

  it("does not start with an entry no route registers", async () => {
    const server = bare();
    installRouteTable(server, { getThings: { ...entry, operationId: "getThings" } });
    await expect(server.ready()).rejects.toThrow(/without a route: GET \/api\/things/);
  });

  it("does not start when a route states an access its entry does not", async () => {
    const server = bare();
    installRouteTable(server, { getThings: { ...entry, operationId: "getThings" } });
    expect(() => server.get("/api/things", { config: { public: true } }, async () => ({ n: 1 }))).toThrow(/config.public/);
    await server.close();
  });

  it("takes the entry's answer schema: what it does not declare is not sent", async () => {
    const server = bare();
    installRouteTable(server, { getThings: { ...entry, operationId: "getThings" } });
    server.get("/api/things", async () => ({ n: 1, secret: "x" }));
    const res = await server.inject("/api/things");
    expect(res.json()).toEqual({ n: 1 });
    await server.close();
  });
});
