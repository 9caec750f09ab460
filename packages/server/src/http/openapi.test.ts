// The API document passes the ecosystem's own checkers (issue 33): swagger-parser validates it, Redocly's
// recommended rules find no error, openapi-typescript generates a client's types from it.
import SwaggerParser from "@apidevtools/swagger-parser";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import type { FastifyInstance } from "fastify";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { body, testApp } from "../test/harness.js";
import { operationIdOf } from "./openapi.js";

type Operation = { operationId?: string; security?: unknown[]; tags?: string[]; responses: Record<string, { content?: Record<string, unknown> }> };
type Doc = { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> };

let app: FastifyInstance;
let doc: Doc;
beforeAll(async () => {
  app = await testApp();
  doc = body<Doc>(await app.inject("/api/docs/json"));
});
afterAll(() => app.close());

const operations = () => Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

describe("the OpenAPI document", () => {
  it("is valid for swagger-parser (every reference resolves)", async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it("has no error under Redocly's recommended rules", async () => {
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: "/openapi.json", config: await createConfig({ extends: ["recommended"] }) });
    const errors = problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it("gives openapi-typescript the types of every path", async () => {
    const types = astToString(await openapiTS(structuredClone(doc) as never));
    expect(types).toContain('"/api/companies/{companyId}/reports/{id}/take"');
    expect(types.length).toBeGreaterThan(100_000);
  });

  it("names every operation once, tags it, and lists its error answers", () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of operations()) {
      expect(op.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      expect(Object.keys(op.responses).some((code) => code.startsWith("4")), `${method} ${path}`).toBe(true);
    }
  });

  it("asks a session only where one is needed, the Open311 key where that is the credential", () => {
    const op = (path: string, method: string) => doc.paths[path]![method]!;
    expect(op("/api/login", "post").security).toEqual([]);
    expect(op("/open311/v2/services.{format}", "get").security).toEqual([]);
    expect(op("/open311/v2/requests.{format}", "post").security).toEqual([{ open311Key: [] }]);
    expect(op("/api/companies/{companyId}/reports/{id}/take", "post").security).toBeUndefined(); // the document's default: the access token
    expect(op("/api/companies/{companyId}/reports/{id}/take", "post").responses["401"]).toBeDefined();
  });

  it("types file answers by their media type, not JSON", () => {
    expect(Object.keys(doc.paths["/api/companies/{companyId}/reports/{id}/pdf"]!.get!.responses["200"]!.content!)).toEqual(["application/pdf"]);
    expect(Object.keys(doc.paths["/api/companies/{companyId}/reports/export"]!.get!.responses["200"]!.content!)).toEqual([
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ]);
  });

  it("names its server from PUBLIC_URL", () => {
    expect(doc.servers?.[0]?.url).toMatch(/^https?:\/\//);
  });
});

describe("operationIdOf", () => {
  it("reads the method and the path, parameters included", () => {
    expect(operationIdOf("POST", "/api/companies/:companyId/reports/:id/take")).toBe("postCompaniesByCompanyIdReportsByIdTake");
    expect(operationIdOf("GET", "/open311/v2/requests/:id.:format")).toBe("getOpen311V2RequestsByIdByFormat");
    expect(operationIdOf("GET", "/api/reported-users")).toBe("getReportedUsers");
  });
});
