import { describe, expect, it } from "vitest";
import type { BusMessage } from "../realtime/bus.js";
import { redisBus } from "../realtime/bus.js";
import { testDb } from "../test/harness.js";
import { waitFor } from "../test/wait-for.js";
import { deploymentId, redisPrefixOf } from "./deployment.js";

describe("deployment id and Redis prefix", () => {
  it("is one id per database, read the same by every process; REDIS_PREFIX overrides it", async () => {
    const db = await testDb();
    const id = await deploymentId(db);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await deploymentId(db)).toBe(id);
    expect(await redisPrefixOf(db, undefined)).toBe(`atalaya:${id}:`);
    expect(await redisPrefixOf(db, "municipio-a:")).toBe("municipio-a:");
  });

  // Issue 14, case 3: company ids repeat across databases; on one fixed channel a socket of company 1 of
  // one deployment received the other deployment's reports.
  it.skipIf(!process.env.TEST_REDIS_URL)("two deployments on one Redis never hear each other's events", async () => {
    const url = process.env.TEST_REDIS_URL!;
    const run = `atalaya-test-${process.pid}-${Date.now()}`;
    const [a1, a2, b] = await Promise.all([
      redisBus(url, () => undefined, { prefix: `${run}:a:` }),
      redisBus(url, () => undefined, { prefix: `${run}:a:` }),
      redisBus(url, () => undefined, { prefix: `${run}:b:` }),
    ]);
    try {
      const heardByA2: BusMessage[] = [];
      const heardByB: BusMessage[] = [];
      a2.subscribe((m) => heardByA2.push(m));
      b.subscribe((m) => heardByB.push(m));
      const message = { type: "newReport", companyId: 1, seq: 1, data: { reportId: 42 } } as unknown as BusMessage;
      await a1.publish(message);
      await waitFor(() => expect(heardByA2).toEqual([message]));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heardByB).toEqual([]);
    } finally {
      await Promise.all([a1.close(), a2.close(), b.close()]);
    }
  });
});
