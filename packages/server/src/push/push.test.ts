import { createECDH, randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/db.js";
import { body, buildCompany, buildUser, loginAs, testApp, testDb, type TestUser } from "../test/harness.js";
import { waitFor } from "../test/wait-for.js";

// A local push service: answers 201 on /ok/*, 410 on /gone/*, and keeps what it received.
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
let pushService: Server;
let origin: string;
const received: Received[] = [];

let app: FastifyInstance;
let db: Db;
let companyId: number;
let admin: TestUser;
let wants: TestUser;
let declines: TestUser;
const tokens: Record<string, string> = {};

const h = (token: string) => ({ "access-token": token });
/** A browser's subscription keys: a P-256 public key and a 16-byte secret, base64url as PushSubscription gives them. */
const browserKeys = () => ({ p256dh: createECDH("prime256v1").generateKeys().toString("base64url"), auth: randomBytes(16).toString("base64url") });
const subscribe = (token: string, endpoint: string) =>
  app.inject({ method: "POST", url: "/api/push/subscriptions", headers: h(token), payload: { endpoint, keys: browserKeys(), expirationTime: null } });

beforeAll(async () => {
  pushService = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url?.startsWith("/gone/") ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  app = await testApp({ PUSH_HTTP_ORIGINS: origin });
  await app.ready();
  db = await testDb();
  companyId = (await buildCompany(db)).id;
  admin = await buildUser(db, { companyId, role: "company_admin" });
  wants = await buildUser(db, { companyId });
  declines = await buildUser(db, { companyId });
  await db.query(`update users set settings = settings || '{"browserPush": true}'::jsonb where id = $1`, [wants.id]);
  for (const [name, user] of [["admin", admin], ["wants", wants], ["declines", declines]] as const) tokens[name] = await loginAs(app, user);
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => pushService.close(resolve));
});

describe("browser push routes", () => {
  it("give the deployment's public key, the same from every process, and only with a session", async () => {
    expect((await app.inject({ method: "GET", url: "/api/push/key" })).statusCode).toBe(401);
    const key = body<{ publicKey: string }>(await app.inject({ method: "GET", url: "/api/push/key", headers: h(tokens.admin!) })).publicKey;
    expect(Buffer.from(key, "base64url")).toHaveLength(65);
    const other = await testApp();
    try {
      const token = await loginAs(other, admin);
      expect(body<{ publicKey: string }>(await other.inject({ method: "GET", url: "/api/push/key", headers: h(token) })).publicKey).toBe(key);
    } finally {
      await other.close();
    }
    expect(await db.query("select count(*)::int as n from push_keys")).toEqual([{ n: 1 }]);
  });

  it("store a subscription to an https push service, refuse any other address, and remove only one's own", async () => {
    expect((await subscribe(tokens.declines!, "https://push.example.test/sub/1")).statusCode).toBe(200);
    const refused = await app.inject({
      method: "POST",
      url: "/api/push/subscriptions",
      headers: { ...h(tokens.declines!), "accept-language": "en" },
      payload: { endpoint: "http://169.254.169.254/latest", keys: browserKeys() },
    });
    expect(refused.statusCode).toBe(400);
    expect(body<{ error: { fields: { code: string; message: string }[] } }>(refused).error.fields[0]).toEqual({ field: "endpoint", code: "pushEndpointInvalid", message: "The browser's push service is not valid" });
    for (const payload of [{ endpoint: "ftp://x/y", keys: browserKeys() }, { endpoint: "https://a/b", keys: { p256dh: "no spaces", auth: "x" } }, { endpoint: "https://a/b" }])
      expect((await app.inject({ method: "POST", url: "/api/push/subscriptions", headers: h(tokens.declines!), payload })).statusCode).toBe(400);
    const remove = (token: string) => app.inject({ method: "DELETE", url: "/api/push/subscriptions", headers: h(token), payload: { endpoint: "https://push.example.test/sub/1" } });
    expect((await remove(tokens.admin!)).statusCode).toBe(404);
    expect((await remove(tokens.declines!)).statusCode).toBe(200);
    expect(await db.query("select 1 from push_subscriptions where endpoint = 'https://push.example.test/sub/1'")).toEqual([]);
  });
});

describe("a notification's push", () => {
  it("is sent by a job, encrypted, to each subscription of a user who wants it; a 410 removes the subscription", async () => {
    expect((await subscribe(tokens.wants!, `${origin}/ok/${wants.id}`)).statusCode).toBe(200);
    expect((await subscribe(tokens.wants!, `${origin}/gone/${wants.id}`)).statusCode).toBe(200);
    // A member whose "browser push" is off gets none, subscription or not.
    expect((await subscribe(tokens.declines!, `${origin}/ok/${declines.id}`)).statusCode).toBe(200);

    const title = `Reunión de coordinación ${Date.now()}`;
    const res = await app.inject({
      method: "POST",
      url: `/api/companies/${companyId}/collaborator-messages`,
      headers: h(tokens.admin!),
      payload: { title, body: "A las 9 en la sala 2", userIds: [wants.id, declines.id] },
    });
    expect(res.statusCode, res.body).toBe(200);

    const delivered = await waitFor(() => received.find((r) => r.path === `/ok/${wants.id}`) ?? false, { timeout: 20_000 });
    expect(delivered.headers["content-encoding"]).toBe("aes128gcm");
    expect(delivered.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(Number(delivered.headers.ttl)).toBeGreaterThan(0);
    // The payload travels encrypted: its text is not in the body.
    expect(delivered.body.length).toBeGreaterThan(16);
    expect(delivered.body.toString("latin1")).not.toContain("Reuni");

    // The push service said 410 for the other: that subscription is gone, the working one stays.
    await waitFor(async () => (await db.query("select 1 from push_subscriptions where endpoint = $1", [`${origin}/gone/${wants.id}`])).length === 0, { timeout: 20_000 });
    const kept = await db.query<{ last_sent_at: Date | null }>("select last_sent_at from push_subscriptions where endpoint = $1", [`${origin}/ok/${wants.id}`]);
    expect(kept[0]?.last_sent_at).toBeInstanceOf(Date);
    expect(received.filter((r) => r.path === `/ok/${declines.id}`)).toEqual([]);
  });
});
