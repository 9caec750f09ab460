import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TEST_PASSWORD, body, buildCompany, buildUser, testApp, testDb, type TestUser } from "../test/harness.js";
import { parseTrustProxy } from "../config.js";
import { ADDRESS_RULE, DEVICE_COOKIE, delayAfter, EMAIL_RULE, secondsToWait } from "./login-throttle.js";

// The login throttle (issue 14): only the configured proxy hops say who the client is; failures slow an
// e-mail or an address down with growing delays instead of locking it; a device its owner signed in from
// keeps getting in with the right password while someone else hammers the account; the caller is told
// when to retry. The same on /api/login and /api/app/login.

let app: FastifyInstance;
let companyId: number;
beforeAll(async () => {
  app = await testApp({ TRUST_PROXY: "true" });
  companyId = (await buildCompany(await testDb())).id;
});
afterAll(() => app.close());

type Try = { email: string; password: string; ip: string; cookie?: string; path?: string; lang?: string; forwardedFor?: string };
const attempt = (t: Try) =>
  app.inject({
    method: "POST",
    url: t.path ?? "/api/login",
    payload: { email: t.email, password: t.password },
    // TRUST_PROXY=true: the connection is the proxy, the client the last X-Forwarded-For entry it added.
    remoteAddress: "127.0.0.1",
    headers: {
      "x-forwarded-for": t.forwardedFor ?? t.ip,
      ...(t.cookie ? { cookie: `${DEVICE_COOKIE}=${t.cookie}` } : {}),
      ...(t.lang ? { "accept-language": t.lang } : {}),
    },
  });
const deviceCookieOf = (res: LightMyRequestResponse): string => {
  const header = String(res.headers["set-cookie"] ?? "");
  expect(header).toMatch(new RegExp(`^${DEVICE_COOKIE}=[A-Za-z0-9_-]{40,}; Path=/api; Max-Age=\\d+; HttpOnly; SameSite=Strict`));
  return header.split(";")[0]!.split("=")[1]!;
};
const retryAfter = (res: LightMyRequestResponse) => Number(res.headers["retry-after"]);
// Argon2id is slow on a busy machine: the failures are moved to this moment, so a test asserts the wait
// right after them however long they took to make.
const justNow = async (column: "email" | "ip", value: string) =>
  (await testDb()).query(`update login_failures set at = now() where ${column} = lower($1)`, [value]);
const failTimes = async (n: number, t: (i: number) => Try) => {
  // A few at a time: each costs an argon2id verification. Each must be a counted failure, none turned
  // away by the throttle before it (the tests below count on exactly n).
  for (let i = 0; i < n; i += 5) {
    const answers = await Promise.all(Array.from({ length: Math.min(5, n - i) }, (_, k) => attempt(t(i + k))));
    for (const res of answers) expect([400, 404], res.body).toContain(res.statusCode);
  }
};

describe("the wait", () => {
  it("is none within the free failures, even when the last failure is stamped a moment after the check's now()", () => {
    // Concurrent attempts: a failure recorded by one can carry a time just after another's now().
    expect(secondsToWait({ count: 3, secondsSinceLast: -0.05 }, ADDRESS_RULE)).toBe(0);
    expect(secondsToWait({ count: 20, secondsSinceLast: -0.05 }, ADDRESS_RULE)).toBe(30);
    expect(secondsToWait({ count: 20, secondsSinceLast: 29.5 }, ADDRESS_RULE)).toBe(1);
    expect(secondsToWait({ count: 20, secondsSinceLast: 31 }, ADDRESS_RULE)).toBe(0);
  });
});

describe("TRUST_PROXY", () => {
  it("accepts false, true (one hop), a hop count and proxy addresses or CIDRs; refuses anything else", () => {
    expect(parseTrustProxy("false")).toBe(false);
    expect(parseTrustProxy("true")).toBe(1);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("10.0.0.1, 10.1.0.0/16,::1,loopback")).toEqual(["10.0.0.1", "10.1.0.0/16", "::1", "loopback"]);
    for (const bad of ["yes", "0", "11", "10.0.0.0/33", "10.0.0", "example.com", "10.0.0.1/8/2", ""]) expect(parseTrustProxy(bad)).toBeUndefined();
  });

  it("a client-written X-Forwarded-For entry does not escape the address limit (TRUST_PROXY=true)", async () => {
    // Each attempt claims another address in front of the one the proxy saw: 20 failures throttle it.
    await failTimes(20, (i) => ({ email: `spoof-${i}@test.cl`, password: "bad", ip: "", forwardedFor: `198.51.100.${i}, 203.0.113.7` }));
    await justNow("ip", "203.0.113.7");
    const user = await buildUser(await testDb(), { companyId });
    const res = await attempt({ email: user.email, password: TEST_PASSWORD, ip: "", forwardedFor: "198.51.100.99, 203.0.113.7" });
    expect(res.statusCode).toBe(429);
    expect(retryAfter(res)).toBeGreaterThan(0);
    const stored = await (await testDb()).query<{ ip: string }>("select distinct ip from login_failures where email like 'spoof-%'");
    expect(stored).toEqual([{ ip: "203.0.113.7" }]);
  }, 120_000);

  it("with a list of proxies, the client is the first address from the right that is not one of them", async () => {
    const listed = await testApp({ TRUST_PROXY: "127.0.0.1,10.9.0.0/16" });
    try {
      const res = await listed.inject({
        method: "POST", url: "/api/login", remoteAddress: "127.0.0.1",
        payload: { email: "listed-proxy@test.cl", password: "bad" },
        headers: { "x-forwarded-for": "198.51.100.1, 203.0.113.44, 10.9.1.2" },
      });
      expect(res.statusCode).toBe(404);
      const rows = await (await testDb()).query<{ ip: string }>("select ip from login_failures where email = 'listed-proxy@test.cl'");
      expect(rows).toEqual([{ ip: "203.0.113.44" }]);
    } finally {
      await listed.close();
    }
  });
});

describe("growing delays, never a lock for the owner's device", () => {
  let victim: TestUser;
  let victimDevice: string;
  let bystander: TestUser;
  let bystanderDevice: string;
  const attacker = "203.0.113.66";

  beforeAll(async () => {
    const db = await testDb();
    victim = await buildUser(db, { companyId, role: "company_admin" });
    bystander = await buildUser(db, { companyId });
    const v = await attempt({ email: victim.email, password: TEST_PASSWORD, ip: "10.60.0.1" });
    expect(v.statusCode).toBe(200);
    victimDevice = deviceCookieOf(v);
    const b = await attempt({ email: bystander.email, password: TEST_PASSWORD, ip: "10.61.0.1" });
    expect(b.statusCode).toBe(200);
    bystanderDevice = deviceCookieOf(b);
    // The attacker: 5 wrong passwords on the admin, then 15 guesses at other e-mails from the same address.
    await failTimes(5, () => ({ email: victim.email, password: "guess", ip: attacker }));
    await failTimes(15, (i) => ({ email: `nobody-${i}-${victim.id}@test.cl`, password: "guess", ip: attacker }));
  }, 120_000);

  beforeEach(async () => {
    await justNow("email", victim.email);
    await justNow("ip", attacker);
  });

  it("a throttled caller gets 429 with Retry-After and a translated message saying when", async () => {
    const es = await attempt({ email: victim.email, password: TEST_PASSWORD, ip: "10.70.0.1" });
    expect(es.statusCode).toBe(429);
    const seconds = retryAfter(es);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(delayAfter(5, EMAIL_RULE));
    expect(body(es)).toMatchObject({ success: false, error: { code: "tooManyAttempts", message: expect.stringContaining(`${seconds} segundos`) } });
    const en = await attempt({ email: victim.email, password: TEST_PASSWORD, ip: "10.70.0.1", lang: "en" });
    expect(body(en)).toMatchObject({ error: { message: expect.stringMatching(/^Too many failed attempts\. Wait \d+ seconds/) } });
    const fr = await attempt({ email: victim.email, password: TEST_PASSWORD, ip: "10.70.0.1", lang: "fr" });
    expect(body(fr)).toMatchObject({ error: { message: expect.stringMatching(/^Trop de tentatives échouées\. Attendez \d+ secondes/) } });
  });

  it("the right password from the owner's known device still gets in while the e-mail is under attack", async () => {
    const res = await attempt({ email: victim.email, password: TEST_PASSWORD, ip: "10.70.0.2", cookie: victimDevice });
    expect(res.statusCode).toBe(200);
    expect(deviceCookieOf(res)).toBe(victimDevice);
    // Another user's device cookie does not count as the victim's.
    expect((await attempt({ email: victim.email, password: TEST_PASSWORD, ip: "10.70.0.2", cookie: bystanderDevice })).statusCode).toBe(429);
    // Nor does an invented one.
    expect((await attempt({ email: victim.email, password: TEST_PASSWORD, ip: "10.70.0.2", cookie: "x".repeat(43) })).statusCode).toBe(429);
  });

  it("one attacker cannot lock every user out: other addresses, and known devices on the attacker's address, get in", async () => {
    // The attacker's address is throttled for strangers…
    const stranger = await buildUser(await testDb(), { companyId });
    expect((await attempt({ email: stranger.email, password: TEST_PASSWORD, ip: attacker })).statusCode).toBe(429);
    // …but not for someone elsewhere, nor for a known device behind that same address (one proxy for all).
    expect((await attempt({ email: stranger.email, password: TEST_PASSWORD, ip: "10.71.0.1" })).statusCode).toBe(200);
    expect((await attempt({ email: bystander.email, password: TEST_PASSWORD, ip: attacker, cookie: bystanderDevice })).statusCode).toBe(200);
  });

  it("each further failure doubles the wait (no hard lock: the wait ends)", async () => {
    const db = await testDb();
    const user = await buildUser(db, { companyId });
    await failTimes(5, () => ({ email: user.email, password: "guess", ip: "10.80.0.1" }));
    await justNow("email", user.email);
    const first = await attempt({ email: user.email, password: "guess", ip: "10.80.0.2" });
    expect(first.statusCode).toBe(429);
    expect(retryAfter(first)).toBeGreaterThan(20);
    expect(retryAfter(first)).toBeLessThanOrEqual(30);
    // The wait passes: one more attempt is allowed, and its failure doubles the next wait.
    await db.query("update login_failures set at = at - interval '31 seconds' where email = lower($1)", [user.email]);
    expect((await attempt({ email: user.email, password: "guess", ip: "10.80.0.3" })).statusCode).toBe(400);
    const second = await attempt({ email: user.email, password: TEST_PASSWORD, ip: "10.80.0.4" });
    expect(second.statusCode).toBe(429);
    expect(retryAfter(second)).toBeGreaterThan(30);
    expect(retryAfter(second)).toBeLessThanOrEqual(60);
    // Once it has passed, the right password gets in and the owner's own failures are forgotten.
    await db.query("update login_failures set at = at - interval '61 seconds' where email = lower($1)", [user.email]);
    expect((await attempt({ email: user.email, password: TEST_PASSWORD, ip: "10.80.0.1" })).statusCode).toBe(200);
  }, 60_000);

  it("a known device's own wrong passwords slow that device down, not the e-mail for the others", async () => {
    const db = await testDb();
    const user = await buildUser(db, { companyId });
    const device = deviceCookieOf(await attempt({ email: user.email, password: TEST_PASSWORD, ip: "10.90.0.1" }));
    await failTimes(5, () => ({ email: user.email, password: "typo", ip: "10.90.0.1", cookie: device }));
    await justNow("email", user.email);
    const slowed = await attempt({ email: user.email, password: TEST_PASSWORD, ip: "10.90.0.1", cookie: device });
    expect(slowed.statusCode).toBe(429);
    expect(retryAfter(slowed)).toBeGreaterThan(0);
    expect((await attempt({ email: user.email, password: TEST_PASSWORD, ip: "10.90.0.2" })).statusCode).toBe(200);
  }, 60_000);
});

describe("POST /api/app/login", () => {
  it("has the same rules: 429 with Retry-After for the e-mail, the known device still gets in", async () => {
    const patrol = await buildUser(await testDb(), { companyId, role: "patrol", groups: [2] });
    const ok = await attempt({ path: "/api/app/login", email: patrol.email, password: TEST_PASSWORD, ip: "10.95.0.1" });
    expect(ok.statusCode).toBe(200);
    const device = deviceCookieOf(ok);
    await failTimes(5, () => ({ path: "/api/app/login", email: patrol.email, password: "guess", ip: "10.95.0.2" }));
    await justNow("email", patrol.email);
    const limited = await attempt({ path: "/api/app/login", email: patrol.email, password: TEST_PASSWORD, ip: "10.95.0.3" });
    expect(limited.statusCode).toBe(429);
    expect(retryAfter(limited)).toBeGreaterThan(0);
    expect(body(limited)).toMatchObject({ error: { code: "tooManyAttempts" } });
    expect((await attempt({ path: "/api/app/login", email: patrol.email, password: TEST_PASSWORD, ip: "10.95.0.3", cookie: device })).statusCode).toBe(200);
  }, 60_000);
});
