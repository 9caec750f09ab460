import { Parser } from "@asyncapi/parser";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { EVENT_TYPES, REALTIME_FRAMES } from "@atalaya/shared";
import { testApp } from "../test/harness.js";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

type Doc = {
  asyncapi: string;
  components: { messages: Record<string, { payload: { properties: Record<string, { const?: unknown; enum?: unknown[]; type?: string; minimum?: number; exclusiveMinimum?: number }> } }> };
};

describe("GET /api/docs/asyncapi.json", () => {
  it("serves an AsyncAPI 3 document of the real-time channel that @asyncapi/parser accepts without errors", async () => {
    const res = await app.inject({ method: "GET", url: "/api/docs/asyncapi.json" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/json");
    const { document, diagnostics } = await new Parser().parse(res.body);
    // Severity 0 is an error; warnings and hints are allowed.
    expect(diagnostics.filter((d) => d.severity === 0).map((d) => `${d.path.join(".")}: ${d.message}`)).toEqual([]);
    expect(document).toBeDefined();
    expect(document!.version()).toBe("3.0.0");
    const channel = document!.channels().get("realtime")!;
    expect(channel.address()).toBe("/api/realtime");
    expect(document!.operations().all().map((o) => o.action())).toEqual(["send"]);
    expect(document!.messages().all().map((m) => m.id()).sort()).toEqual(Object.keys(REALTIME_FRAMES).sort());
    // The prose covers what no schema can.
    const description = document!.info().description() ?? "";
    for (const words of ["POST /api/realtime/ticket", "hello", "placeholder", "seq 0", "ping", "events?after=", "4001"]) expect(description).toContain(words);
    // The server is the deployment's own address (PUBLIC_URL, http://portal.test here): ws over http.
    const server = document!.servers().get("portal")!;
    expect({ host: server.host(), protocol: server.protocol(), pathname: server.pathname() }).toEqual({ host: "portal.test", protocol: "ws", pathname: undefined });
  });

  it("names the server from PUBLIC_URL: wss for an https address, with its port and path", async () => {
    const secure = await testApp({ PUBLIC_URL: "https://alertas.example.cl:8443/portal" });
    try {
      const { document, diagnostics } = await new Parser().parse((await secure.inject({ method: "GET", url: "/api/docs/asyncapi.json" })).body);
      expect(diagnostics.filter((d) => d.severity === 0).map((d) => `${d.path.join(".")}: ${d.message}`)).toEqual([]);
      const servers = document!.servers().all();
      expect(servers.map((s) => ({ id: s.id(), host: s.host(), protocol: s.protocol(), pathname: s.pathname() }))).toEqual([
        { id: "portal", host: "alertas.example.cl:8443", protocol: "wss", pathname: "/portal" },
      ]);
      // The first app's document is its own: each deployment's address, never another's.
      expect(JSON.parse((await app.inject({ method: "GET", url: "/api/docs/asyncapi.json" })).body).servers.portal.host).toBe("portal.test");
    } finally {
      await secure.close();
    }
  });

  it("generates each message's payload from the shared zod schema, covering every event type", async () => {
    const doc = JSON.parse((await app.inject({ method: "GET", url: "/api/docs/asyncapi.json" })).body) as Doc;
    const messages = doc.components.messages;
    for (const [name, schema] of Object.entries(REALTIME_FRAMES)) {
      const { $schema: _ignored, ...expected } = z.toJSONSchema(schema, { target: "draft-07", unrepresentable: "any", io: "output" }) as Record<string, unknown>;
      expect(messages[name]!.payload, name).toEqual(expected);
    }
    expect(messages.hello!.payload.properties.type!.const).toBe("hello");
    expect(messages.operators!.payload.properties.seq!.const).toBe(0);
    expect(messages.seqPlaceholder!.payload.properties.data).toMatchObject({ required: ["from"] });
    const types = new Set(Object.values(messages).flatMap((m) => (m.payload.properties.type!.const !== undefined ? [m.payload.properties.type!.const] : m.payload.properties.type!.enum ?? [])));
    expect([...EVENT_TYPES].filter((t) => !types.has(t))).toEqual([]);
  });

  it("describes the frames the server really sends: a hello and a placeholder parse with the shared schemas", () => {
    expect(REALTIME_FRAMES.hello.safeParse({ type: "hello", seq: 12, companyId: 3, data: {} }).success).toBe(true);
    expect(REALTIME_FRAMES.seqPlaceholder.safeParse({ type: "seq", seq: 14, companyId: 3, data: { from: 13 } }).success).toBe(true);
    expect(REALTIME_FRAMES.operators.safeParse({ type: "operators", seq: 5, companyId: 3, data: {} }).success).toBe(false);
  });
});
