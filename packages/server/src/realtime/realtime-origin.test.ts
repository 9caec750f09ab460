import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { buildCompany, buildUser, loginAs, testDb } from "../test/harness.js";
import { appWithLog, LEVEL, type LogLine } from "../test/log-capture.js";

// The portal opened at any of the server's addresses gets its live updates: the WebSocket accepts
// its own origin, PUBLIC_URL's (http://portal.test here) and ALLOWED_ORIGINS, and refuses (and
// logs) any other. Real listening servers and a real WebSocket client, as a browser would connect.
let app: FastifyInstance;
let lines: LogLine[];
let proxied: FastifyInstance;
let port: number;
let proxiedPort: number;
let companyId: number;
let token: string;

beforeAll(async () => {
  ({ app, lines } = await appWithLog({ ALLOWED_ORIGINS: "https://ops.example.cl, http://localhost:5173/" }));
  ({ app: proxied } = await appWithLog({ TRUST_PROXY: "true" }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  await proxied.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as { port: number }).port;
  proxiedPort = (proxied.server.address() as { port: number }).port;
  const db = await testDb();
  companyId = (await buildCompany(db)).id;
  token = await loginAs(app, await buildUser(db, { companyId }));
});
afterAll(async () => {
  await app.close();
  await proxied.close();
});

async function ticket(): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/realtime/ticket", headers: { "access-token": token }, payload: { companyId } });
  return (res.json() as { ticket: string }).ticket;
}

/** Opens the socket with these handshake headers; resolves with the first stored-protocol message (hello),
 * rejects with the handshake's refusal. The unstored `operators` refresh a socket coming or going sends the
 * company may arrive first (the previous socket's close, over Redis), and is not what this test is about. */
async function open(to: number, origin: string | undefined, headers: Record<string, string> = {}): Promise<{ type: string }> {
  const ws = new WebSocket(`ws://127.0.0.1:${to}/api/realtime?ticket=${encodeURIComponent(await ticket())}`, { ...(origin ? { origin } : {}), headers });
  try {
    return await new Promise<{ type: string }>((resolve, reject) => {
      ws.on("message", (raw) => {
        const message = JSON.parse(String(raw)) as { type: string };
        if (message.type !== "operators") resolve(message);
      });
      ws.once("error", reject);
    });
  } finally {
    ws.close();
  }
}

describe("GET /api/realtime: Origin", () => {
  it("accepts the page's own address (whatever PUBLIC_URL says), PUBLIC_URL and ALLOWED_ORIGINS", async () => {
    expect(await open(port, `http://127.0.0.1:${port}`)).toMatchObject({ type: "hello" });
    expect(await open(port, `http://192.168.1.20:${port}`, { host: `192.168.1.20:${port}` })).toMatchObject({ type: "hello" });
    expect(await open(port, "http://portal.test")).toMatchObject({ type: "hello" });
    expect(await open(port, "https://ops.example.cl")).toMatchObject({ type: "hello" });
    expect(await open(port, "http://localhost:5173")).toMatchObject({ type: "hello" });
    // An accepted upgrade has its request line too (status 101, ticket redacted).
    await vi.waitFor(() =>
      expect(lines).toContainEqual(expect.objectContaining({ msg: "request", status: 101, url: "/api/realtime?ticket=[redacted]", level: LEVEL.info })),
    );
  });

  it("lets a client without an Origin (a server-side one, here the ws package) connect with its ticket, and not without one", async () => {
    expect(await open(port, undefined)).toMatchObject({ type: "hello" });
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/realtime?ticket=not-a-ticket`);
    await expect(new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject))).rejects.toThrow("Unexpected server response: 401");
  });

  it("refuses a foreign or malformed Origin with 403 and one warning naming the reason and the origin", async () => {
    for (const [origin, reason] of [["http://evil.test", "foreignOrigin"], ["null", "malformedOrigin"]] as const) {
      const before = lines.length;
      await expect(open(port, origin)).rejects.toThrow("Unexpected server response: 403");
      // The request line is written once the response has finished, just after the client saw it.
      const logged = await vi.waitFor(() => {
        const mine = lines.slice(before).filter((l) => l.url !== "/api/realtime/ticket");
        expect(mine.some((l) => l.msg === "request")).toBe(true);
        return mine;
      });
      expect(logged.filter((l) => l.level >= LEVEL.warn)).toEqual([
        expect.objectContaining({ level: LEVEL.warn, reason, origin: origin ?? null, host: `127.0.0.1:${port}`, msg: `websocket refused: ${reason}` }),
      ]);
      // …and the request line says 403 forbidden, for the same request, with the ticket redacted.
      expect(logged.filter((l) => l.msg === "request")).toEqual([
        expect.objectContaining({ level: LEVEL.info, status: 403, code: "forbidden", reqId: logged[0]!.reqId, url: "/api/realtime?ticket=[redacted]" }),
      ]);
    }
  });

  it("trusts X-Forwarded-Proto/Host only with TRUST_PROXY", async () => {
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "atalaya.lan" };
    expect(await open(proxiedPort, "https://atalaya.lan", forwarded)).toMatchObject({ type: "hello" });
    await expect(open(port, "https://atalaya.lan", forwarded)).rejects.toThrow("403");
  });
});
