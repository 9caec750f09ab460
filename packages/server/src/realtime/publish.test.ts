import { describe, expect, it } from "vitest";
import type { ReportAudience } from "../auth/restrictions.js";
import type { Tx } from "../db/db.js";
import { buildCompany, testDb } from "../test/harness.js";
import { memoryBus } from "./bus.js";
import { changeWithEvents, changeWithEventsDetailed } from "./publish.js";

const ANYWHERE: ReportAudience = { zoneIds: [], typeId: 1, assignedUserId: null };

describe("changeWithEvents", () => {
  it("cannot be started inside another transaction: a Tx is not a Db (compile-time)", () => {
    const bus = memoryBus();
    // Never called: the point is that it does not compile.
    // @ts-expect-error a transaction cannot open a nested one, so it cannot publish before its own commit
    const nested = (tx: Tx) => changeWithEvents(tx, bus, async () => undefined);
    expect(typeof nested).toBe("function");
  });

  it("locks sequence rows by ascending company id: changes emitting for [A, B] and [B, A] at once both complete", async () => {
    const db = await testDb();
    const bus = memoryBus();
    const a = (await buildCompany(db)).id;
    const b = (await buildCompany(db)).id;
    for (let round = 0; round < 5; round++) {
      // Both changes reach their numbering together, so unordered locking would deadlock here.
      let arrived = 0;
      let release!: () => void;
      const together = new Promise<void>((resolve) => (release = resolve));
      const change = (companies: number[]) =>
        changeWithEventsDetailed(db, bus, async (tx, emit) => {
          await tx.query("select 1");
          for (const cid of companies) await emit(cid, "updateReport", { round, companies }, ANYWHERE);
          if (++arrived === 2) release();
          await together;
        });
      const [ab, ba] = await Promise.all([change([a, b]), change([b, a])]);
      expect(ab.events.map((e) => e.companyId)).toEqual([a, b].sort((x, y) => x - y));
      expect(ba.events.map((e) => e.companyId)).toEqual([a, b].sort((x, y) => x - y));
      // Each company's two events got consecutive numbers, one from each change.
      for (const cid of [a, b]) {
        const seqs = [...ab.events, ...ba.events].filter((e) => e.companyId === cid).map((e) => e.seq).sort((x, y) => x - y);
        expect(seqs[1]).toBe(seqs[0]! + 1);
      }
    }
  });
});
