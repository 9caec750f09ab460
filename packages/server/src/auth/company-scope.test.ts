import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { testDb } from "../test/harness.js";
import { installCompanyScope } from "./company-scope.js";

describe("installCompanyScope", () => {
  it("stops the start when a company route does not say its permission", async () => {
    const app = Fastify();
    installCompanyScope(app, await testDb());
    expect(() => app.get("/api/companies/:companyId/things", async () => ({}))).toThrow(
      "GET /api/companies/:companyId/things: a company route needs config.permission",
    );
    await app.close();
  });

  it("leaves routes outside /api/companies/:companyId alone", async () => {
    const app = Fastify();
    installCompanyScope(app, await testDb());
    app.get("/api/companies-overview", async () => ({ ok: true }));
    await app.ready();
    expect((await app.inject({ method: "GET", url: "/api/companies-overview" })).json()).toEqual({ ok: true });
    await app.close();
  });
});
